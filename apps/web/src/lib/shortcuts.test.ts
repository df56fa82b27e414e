import { describe, expect, it } from 'vitest';
import {
  SHORTCUTS,
  ariaKeyShortcuts,
  comboKeys,
  globalShortcutFor,
  isTypingTarget,
  matchesShortcut,
  shortcutText,
  type KeyLike,
} from './shortcuts';

const el = (tagName: string, extra: { type?: string; role?: string; isContentEditable?: boolean } = {}) => ({
  tagName,
  type: extra.type,
  isContentEditable: extra.isContentEditable ?? false,
  getAttribute: (name: string) => (name === 'role' ? (extra.role ?? null) : null),
});

const BODY = el('BODY');

function press(key: string, opts: Partial<Omit<KeyLike, 'key'>> = {}): KeyLike {
  return { key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, target: BODY, ...opts };
}

const idle = { overlayOpen: false, paletteOpen: false };

describe('isTypingTarget', () => {
  it('text fields, selects and editable content are typing targets', () => {
    expect(isTypingTarget(el('INPUT'))).toBe(true);
    expect(isTypingTarget(el('INPUT', { type: 'search' }))).toBe(true);
    expect(isTypingTarget(el('TEXTAREA'))).toBe(true);
    expect(isTypingTarget(el('SELECT'))).toBe(true);
    expect(isTypingTarget(el('DIV', { isContentEditable: true }))).toBe(true);
  });

  it('widgets with type-ahead (Radix selects, menus, listboxes) are typing targets', () => {
    expect(isTypingTarget(el('BUTTON', { role: 'combobox' }))).toBe(true);
    expect(isTypingTarget(el('DIV', { role: 'menuitem' }))).toBe(true);
    expect(isTypingTarget(el('DIV', { role: 'option' }))).toBe(true);
  });

  it('buttons, links, checkboxes and the page are not', () => {
    expect(isTypingTarget(el('BUTTON'))).toBe(false);
    expect(isTypingTarget(el('A'))).toBe(false);
    expect(isTypingTarget(el('INPUT', { type: 'checkbox' }))).toBe(false);
    expect(isTypingTarget(BODY)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('Nueva Cita: Alt+N everywhere, N outside fields', () => {
  const field = el('INPUT');
  it('plain N opens it from the page and from a button, in either case', () => {
    expect(globalShortcutFor(press('n'), idle)).toBe('new-appointment');
    expect(globalShortcutFor(press('N', { shiftKey: true }), idle)).toBe('new-appointment');
    expect(globalShortcutFor(press('n', { target: el('BUTTON') }), idle)).toBe('new-appointment');
  });

  it('plain N typed in a field or a select is the user typing', () => {
    expect(globalShortcutFor(press('n', { target: field }), idle)).toBeNull();
    expect(globalShortcutFor(press('n', { target: el('BUTTON', { role: 'combobox' }) }), idle)).toBeNull();
  });

  it('Alt+N works from inside a field, and by the physical key when a Mac types ˜', () => {
    expect(globalShortcutFor(press('n', { altKey: true, target: field }), idle)).toBe('new-appointment');
    expect(globalShortcutFor(press('Dead', { altKey: true, code: 'KeyN', target: field }), idle)).toBe(
      'new-appointment',
    );
  });

  it('Ctrl+N, Cmd+N, AltGr+N and Alt+Shift+N are not it', () => {
    expect(globalShortcutFor(press('n', { ctrlKey: true }), idle)).toBeNull();
    expect(globalShortcutFor(press('n', { metaKey: true }), idle)).toBeNull();
    expect(globalShortcutFor(press('n', { ctrlKey: true, altKey: true }), idle)).toBeNull();
    expect(globalShortcutFor(press('N', { altKey: true, shiftKey: true }), idle)).toBeNull();
  });

  it('does not fire while a dialog is open, nor while composing text', () => {
    expect(
      globalShortcutFor(press('n', { altKey: true }), { overlayOpen: true, paletteOpen: false }),
    ).toBeNull();
    expect(globalShortcutFor(press('n', { isComposing: true }), idle)).toBeNull();
  });
});

describe('palette and help', () => {
  it('Ctrl+K and Cmd+K open the palette, also from a field', () => {
    expect(globalShortcutFor(press('k', { ctrlKey: true }), idle)).toBe('command-palette');
    expect(globalShortcutFor(press('k', { metaKey: true, target: el('INPUT') }), idle)).toBe(
      'command-palette',
    );
    expect(globalShortcutFor(press('K', { ctrlKey: true, shiftKey: true }), idle)).toBeNull();
    expect(globalShortcutFor(press('k'), idle)).toBeNull();
  });

  it('with the palette open only Ctrl+K answers (it closes it); another dialog blocks it', () => {
    const palette = { overlayOpen: true, paletteOpen: true };
    expect(globalShortcutFor(press('k', { ctrlKey: true }), palette)).toBe('command-palette');
    expect(globalShortcutFor(press('n', { altKey: true }), palette)).toBeNull();
    expect(
      globalShortcutFor(press('k', { ctrlKey: true }), { overlayOpen: true, paletteOpen: false }),
    ).toBeNull();
  });

  it("'?' opens the help outside fields, typed with Shift on any layout", () => {
    expect(globalShortcutFor(press('?', { shiftKey: true }), idle)).toBe('shortcut-help');
    expect(globalShortcutFor(press('?', { shiftKey: true, target: el('TEXTAREA') }), idle)).toBeNull();
    expect(globalShortcutFor(press('?', { ctrlKey: true }), idle)).toBeNull();
  });

  it('Ctrl+B is the sidebar, not a global of the keyboard layer', () => {
    expect(matchesShortcut(press('b', { ctrlKey: true }), 'toggle-sidebar')).toBe(true);
    expect(matchesShortcut(press('b', { metaKey: true }), 'toggle-sidebar')).toBe(true);
    expect(matchesShortcut(press('b', { ctrlKey: true, shiftKey: true }), 'toggle-sidebar')).toBe(false);
    expect(globalShortcutFor(press('b', { ctrlKey: true }), idle)).toBeNull();
  });
});

describe('how shortcuts are shown', () => {
  it('keycaps and tooltip text per platform', () => {
    expect(shortcutText('new-appointment', false)).toBe('Alt+N');
    expect(shortcutText('new-appointment', true)).toBe('⌥N');
    expect(shortcutText('command-palette', false)).toBe('Ctrl+K');
    expect(shortcutText('command-palette', true)).toBe('⌘K');
    expect(comboKeys({ key: 'Enter', mod: true }, false)).toEqual(['Ctrl', 'Enter']);
    expect(comboKeys({ key: 'Escape' }, false)).toEqual(['Esc']);
  });

  it('aria-keyshortcuts lists every combination', () => {
    expect(ariaKeyShortcuts('new-appointment')).toBe('Alt+N N');
    expect(ariaKeyShortcuts('command-palette')).toBe('Control+K Meta+K');
  });

  it('every shortcut has a Spanish label, a group and at least one combination', () => {
    const ids = new Set<string>();
    for (const s of SHORTCUTS) {
      expect(s.label.length).toBeGreaterThan(3);
      expect(s.combos.length).toBeGreaterThan(0);
      expect(ids.has(s.id)).toBe(false);
      ids.add(s.id);
    }
  });
});

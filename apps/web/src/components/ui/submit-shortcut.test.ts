import { describe, expect, it } from 'vitest';
import { isMacPlatform, isSubmitShortcut, submitShortcutLabel } from './submit-shortcut';

const key = (
  key: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {},
) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('isSubmitShortcut', () => {
  it('is Ctrl+Enter or Cmd+Enter', () => {
    expect(isSubmitShortcut(key('Enter', { ctrlKey: true }))).toBe(true);
    expect(isSubmitShortcut(key('Enter', { metaKey: true }))).toBe(true);
  });

  it('is not a plain Enter (it picks a suggestion or presses the focused button), nor other modifiers', () => {
    expect(isSubmitShortcut(key('Enter'))).toBe(false);
    expect(isSubmitShortcut(key('Enter', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSubmitShortcut(key('Enter', { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSubmitShortcut(key('j', { ctrlKey: true }))).toBe(false);
  });

  it('waits while an input method composes a character', () => {
    expect(isSubmitShortcut({ ...key('Enter', { ctrlKey: true }), isComposing: true })).toBe(false);
  });
});

describe('submitShortcutLabel', () => {
  it('names the Mac key on a Mac and Ctrl elsewhere', () => {
    expect(isMacPlatform('MacIntel')).toBe(true);
    expect(isMacPlatform('Win32')).toBe(false);
    expect(isMacPlatform('Linux x86_64')).toBe(false);
    expect(submitShortcutLabel(true)).toBe('⌘+Enter');
    expect(submitShortcutLabel(false)).toBe('Ctrl+Enter');
  });
});

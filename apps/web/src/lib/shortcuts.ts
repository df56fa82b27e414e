/**
 * Every keyboard shortcut of the web app, in one registry: the shell's keyboard layer matches the global ones from
 * here, the buttons show their keys from here, and the '?' help sheet lists all of them from here, so the list
 * cannot drift from what the keys do. Choices (decision 026):
 * - Nueva Cita: Alt+N everywhere (it types nothing on Windows or Linux; on a Mac Option+N is a dead key, matched by
 *   its physical key), plus plain N when the focus is not in a field. Ctrl+N and Cmd+N belong to the browser.
 * - Paleta: Ctrl+K / Cmd+K, also from inside a field, like most web apps.
 * - Ayuda: '?' outside fields (Shift+' or Shift+/ depending on the keyboard: the character is matched, not the key).
 * Global shortcuts never fire while a dialog or a menu is open: Escape closes it first.
 */

export type ShortcutId =
  | 'new-appointment'
  | 'command-palette'
  | 'shortcut-help'
  | 'toggle-sidebar'
  | 'submit-dialog'
  | 'close'
  | 'list-move'
  | 'list-pick';

export interface KeyCombo {
  /** KeyboardEvent.key; letters match in either case. */
  key: string;
  /** Ctrl, or ⌘ on a Mac (either is accepted on both). */
  mod?: boolean;
  alt?: boolean;
  /** The physical key (KeyboardEvent.code), for an Alt combination a Mac turns into another character. */
  code?: string;
  /** Only while the focus is not in a field or a list that types ahead (single keys). */
  outsideFields?: boolean;
}

export type ShortcutGroup = 'global' | 'dialogs' | 'lists';

export interface Shortcut {
  id: ShortcutId;
  group: ShortcutGroup;
  label: string;
  combos: readonly KeyCombo[];
  /** Matched by the shell's keyboard layer (the others are handled by the dialogs and lists themselves). */
  global?: boolean;
}

export const SHORTCUT_GROUPS: readonly { id: ShortcutGroup; label: string }[] = [
  { id: 'global', label: 'En toda la aplicación' },
  { id: 'dialogs', label: 'En los diálogos' },
  { id: 'lists', label: 'En la paleta y las listas de sugerencias' },
];

export const SHORTCUTS: readonly Shortcut[] = [
  {
    id: 'new-appointment',
    group: 'global',
    label: 'Nueva Cita (asignación inteligente)',
    combos: [
      { key: 'n', alt: true, code: 'KeyN' },
      { key: 'n', outsideFields: true },
    ],
    global: true,
  },
  {
    id: 'command-palette',
    group: 'global',
    label: 'Buscar páginas, pacientes, doctores y acciones',
    combos: [{ key: 'k', mod: true }],
    global: true,
  },
  {
    id: 'shortcut-help',
    group: 'global',
    label: 'Ver los atajos de teclado',
    combos: [{ key: '?', outsideFields: true }],
    global: true,
  },
  {
    id: 'toggle-sidebar',
    group: 'global',
    label: 'Contraer o expandir el menú lateral',
    combos: [{ key: 'b', mod: true }],
  },
  {
    id: 'submit-dialog',
    group: 'dialogs',
    label: 'Enviar el formulario desde cualquier campo',
    combos: [{ key: 'Enter', mod: true }],
  },
  {
    id: 'close',
    group: 'dialogs',
    label: 'Cerrar el diálogo, la paleta o la lista abierta',
    combos: [{ key: 'Escape' }],
  },
  {
    id: 'list-move',
    group: 'lists',
    label: 'Moverse entre las opciones',
    combos: [{ key: 'ArrowUp' }, { key: 'ArrowDown' }],
  },
  {
    id: 'list-pick',
    group: 'lists',
    label: 'Abrir o elegir la opción resaltada',
    combos: [{ key: 'Enter' }],
  },
];

export function shortcut(id: ShortcutId): Shortcut {
  return SHORTCUTS.find((s) => s.id === id)!;
}

/** What the matcher reads from a KeyboardEvent (a plain object in tests). */
export interface KeyLike {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  isComposing?: boolean;
  target: unknown;
}

/** The part of an element the field guard reads. */
interface ElementLike {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
  getAttribute?: (name: string) => string | null;
}

/** Inputs that take no typed text: a letter pressed on them is no one's but the shortcut's. */
const NON_TEXT_INPUTS = new Set([
  'button',
  'submit',
  'reset',
  'checkbox',
  'radio',
  'range',
  'color',
  'file',
  'image',
]);
/** Widgets that use letters themselves (type-ahead in lists, selects and menus; typing in a textbox). */
const TYPING_ROLES = new Set([
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
  'option',
  'menu',
  'menubar',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'spinbutton',
  'grid',
  'gridcell',
  'tree',
  'treeitem',
  'slider',
]);

/** Whether a key pressed on `target` may be typing: text fields, selects, editable content, type-ahead lists. */
export function isTypingTarget(target: unknown): boolean {
  if (!target || typeof target !== 'object') return false;
  const el = target as ElementLike;
  const tag = el.tagName?.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !NON_TEXT_INPUTS.has((el.type ?? 'text').toLowerCase());
  if (el.isContentEditable) return true;
  const role = el.getAttribute?.('role');
  return role ? TYPING_ROLES.has(role) : false;
}

export function matchesCombo(e: KeyLike, combo: KeyCombo): boolean {
  if (e.isComposing) return false;
  const ctrlOrMeta = e.ctrlKey || e.metaKey;
  if (combo.mod) {
    // Exactly one of them: Ctrl+Alt is AltGr on Windows, a character, not a shortcut.
    if (e.ctrlKey === e.metaKey || e.altKey || e.shiftKey) return false;
  } else if (combo.alt) {
    if (!e.altKey || ctrlOrMeta || e.shiftKey) return false;
  } else if (ctrlOrMeta || e.altKey) {
    // Single keys: Shift is allowed, since it is how '?' and 'N' are typed.
    return false;
  }
  const keyMatches = e.key.toLowerCase() === combo.key.toLowerCase();
  const codeMatches = combo.code !== undefined && e.code === combo.code;
  if (!keyMatches && !codeMatches) return false;
  return !(combo.outsideFields && isTypingTarget(e.target));
}

export function matchesShortcut(e: KeyLike, id: ShortcutId): boolean {
  return shortcut(id).combos.some((c) => matchesCombo(e, c));
}

/**
 * The global shortcut a key press triggers, or null. While a dialog or menu is open only the palette's own
 * Ctrl+K answers (to close it); `paletteOpen` says whether the open overlay is the palette.
 */
export function globalShortcutFor(
  e: KeyLike,
  state: { overlayOpen: boolean; paletteOpen: boolean },
): ShortcutId | null {
  const hit = SHORTCUTS.find((s) => s.global && s.combos.some((c) => matchesCombo(e, c)));
  if (!hit) return null;
  if (state.paletteOpen) return hit.id === 'command-palette' ? hit.id : null;
  return state.overlayOpen ? null : hit.id;
}

const KEY_NAMES: Record<string, string> = {
  Escape: 'Esc',
  ArrowUp: '↑',
  ArrowDown: '↓',
  Enter: 'Enter',
};

/** The keys of a combination as shown on a keycap, e.g. ['Ctrl', 'K'] or ['⌘', 'K'] on a Mac. */
export function comboKeys(combo: KeyCombo, mac: boolean): string[] {
  const keys: string[] = [];
  if (combo.mod) keys.push(mac ? '⌘' : 'Ctrl');
  if (combo.alt) keys.push(mac ? '⌥' : 'Alt');
  keys.push(KEY_NAMES[combo.key] ?? (combo.key.length === 1 ? combo.key.toUpperCase() : combo.key));
  return keys;
}

/** The first combination as text, for tooltips: 'Alt+N', 'Ctrl+K', '⌘K'. */
export function shortcutText(id: ShortcutId, mac: boolean): string {
  const keys = comboKeys(shortcut(id).combos[0]!, mac);
  return mac ? keys.join('') : keys.join('+');
}

/** The aria-keyshortcuts value of a shortcut (every combination, with both modifiers where either works). */
export function ariaKeyShortcuts(id: ShortcutId): string {
  return shortcut(id)
    .combos.flatMap((c) => {
      const key = c.key.length === 1 ? c.key.toUpperCase() : c.key;
      if (c.mod) return [`Control+${key}`, `Meta+${key}`];
      if (c.alt) return [`Alt+${key}`];
      return [key];
    })
    .join(' ');
}

/** Whether the browser runs on a Mac (⌘ instead of Ctrl in the hints). */
export const isMacPlatform = (): boolean =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

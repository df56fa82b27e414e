/**
 * Moving the focus on between a dialog's fields, so that a keyboard user goes from one choice to the next without
 * Tabbing past what is already filled (a picked patient's card, pre-filled selects).
 */

export interface FieldState {
  empty: boolean;
  required: boolean;
}

/** The field to go to after one was filled: the first empty required one, else the first empty one, else -1. */
export function nextFieldIndex(fields: readonly FieldState[]): number {
  const required = fields.findIndex((f) => f.empty && f.required);
  return required >= 0 ? required : fields.findIndex((f) => f.empty);
}

const FIELDS = 'input, textarea, select, button[role="combobox"]';
const TABBABLE = 'a[href], button, input, select, textarea, [tabindex]';
const NOT_FIELDS = new Set(['hidden', 'checkbox', 'radio', 'button', 'submit', 'reset', 'file']);

const visible = (el: HTMLElement) => el.getClientRects().length > 0;
const usable = (el: HTMLElement) =>
  !el.matches(':disabled') && el.tabIndex >= 0 && visible(el) && el.getAttribute('aria-hidden') !== 'true';

function isField(el: HTMLElement): boolean {
  // An optional field the focus should not stop at on its own (marked by the dialog that holds it).
  if (el.hasAttribute('data-focus-skip')) return false;
  if (el instanceof HTMLInputElement) return !NOT_FIELDS.has(el.type) && !el.readOnly;
  if (el instanceof HTMLTextAreaElement) return !el.readOnly;
  return true;
}

/** A text field with nothing typed, or a select showing its placeholder (Radix: data-placeholder; Combobox: data-empty). */
function isEmpty(el: HTMLElement): boolean {
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) return el.value.trim() === '';
  if (el instanceof HTMLSelectElement) return el.value === '';
  return el.hasAttribute('data-placeholder') || el.hasAttribute('data-empty');
}

const isRequired = (el: HTMLElement) =>
  el.getAttribute('aria-required') === 'true' || (el as HTMLInputElement).required === true;

/** The dialog around `el` (the whole page outside dialogs). */
const scopeOf = (el: Element): ParentNode =>
  el.closest('[role="dialog"], [role="alertdialog"]') ?? el.ownerDocument.body;

/**
 * Focuses the next empty field after `anchor` (outside it), preferring a required one; with every field filled,
 * the dialog's primary action (`data-dialog-submit`). Returns whether something took the focus.
 */
export function focusNextEmptyField(anchor: Element): boolean {
  if (!anchor.isConnected) return false;
  const scope = scopeOf(anchor);
  const after = [...scope.querySelectorAll<HTMLElement>(FIELDS)].filter(
    (el) =>
      !anchor.contains(el) &&
      anchor.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING &&
      usable(el) &&
      isField(el),
  );
  const i = nextFieldIndex(after.map((el) => ({ empty: isEmpty(el), required: isRequired(el) })));
  const target = i >= 0 ? after[i] : scope.querySelector<HTMLElement>('[data-dialog-submit]:not(:disabled)');
  if (!target) return false;
  target.focus();
  return true;
}

/** Focuses the first empty field of a dialog, preferring a required one (what keeps its action disabled). */
export function focusFirstEmptyField(scope: ParentNode): boolean {
  const fields = [...scope.querySelectorAll<HTMLElement>(FIELDS)].filter((el) => usable(el) && isField(el));
  const target =
    fields[nextFieldIndex(fields.map((el) => ({ empty: isEmpty(el), required: isRequired(el) })))];
  target?.focus();
  return target !== undefined;
}

/** Focuses the element a Tab (dir 1) or Shift+Tab (dir -1) from `from` would reach, within its dialog. */
export function focusAdjacentTabbable(from: HTMLElement, dir: 1 | -1): boolean {
  const all = [...scopeOf(from).querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => el === from || usable(el),
  );
  const target = all[all.indexOf(from) + dir];
  if (!target) return false;
  target.focus();
  return true;
}

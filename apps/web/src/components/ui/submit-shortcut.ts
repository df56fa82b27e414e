import type { KeyboardEvent } from 'react';
// Relative: the unit tests run without the @ alias.
import { focusFirstEmptyField } from './focus-fields';

/**
 * Ctrl+Enter (Cmd+Enter on a Mac) submits a dialog from any of its fields. A dialog opts in by marking its primary
 * action with `data-dialog-submit` (SubmitButton does); the dialog frames (Dialog, AlertDialog) listen for the key.
 */
export const DIALOG_SUBMIT = 'data-dialog-submit';
export const SUBMIT_KEYSHORTCUTS = 'Control+Enter Meta+Enter';

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  isComposing?: boolean;
}

/** Ctrl+Enter or Cmd+Enter, without Alt or Shift, and not while an input method is composing a character. */
export const isSubmitShortcut = (e: KeyLike) =>
  e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && !e.isComposing;

export const isMacPlatform = (platform: string) => /Mac|iPhone|iPad/.test(platform);

/** How the shortcut is written for this computer's keyboard. */
export const submitShortcutLabel = (mac: boolean) => (mac ? '⌘+Enter' : 'Ctrl+Enter');

export const SUBMIT_SHORTCUT_LABEL = submitShortcutLabel(
  typeof navigator !== 'undefined' && isMacPlatform(navigator.platform),
);

/**
 * keydown of a dialog's content. The innermost dialog owns the key: React bubbles events through portals, so an
 * outer dialog would otherwise submit for a confirmation opened over it. A disabled action sends the focus to the
 * first empty required field instead, which is what keeps it disabled.
 */
export function submitOnShortcut(event: KeyboardEvent<HTMLElement>): void {
  const { key, ctrlKey, metaKey, altKey, shiftKey } = event;
  const composing = event.nativeEvent.isComposing;
  if (
    event.defaultPrevented ||
    !isSubmitShortcut({ key, ctrlKey, metaKey, altKey, shiftKey, isComposing: composing })
  )
    return;
  event.stopPropagation();
  const action = event.currentTarget.querySelector<HTMLButtonElement>(`[${DIALOG_SUBMIT}]`);
  if (!action) return;
  event.preventDefault();
  if (action.disabled) focusFirstEmptyField(event.currentTarget);
  else action.click();
}

import { Button, type ButtonProps } from '@/components/ui/button';
import { Hint } from '@/components/ui/hint';
import { DIALOG_SUBMIT, SUBMIT_KEYSHORTCUTS, SUBMIT_SHORTCUT_LABEL } from '@/components/ui/submit-shortcut';

/**
 * A dialog's primary action: Ctrl+Enter (Cmd+Enter) anywhere in the dialog presses it (submit-shortcut.ts). Its
 * tooltip, on hover or keyboard focus, shows the shortcut.
 */
export function SubmitButton(props: ButtonProps) {
  return (
    <Hint
      side="top"
      label={
        <>
          Atajo:{' '}
          <kbd className="rounded border border-white/40 px-1 font-sans text-[0.7rem]">
            {SUBMIT_SHORTCUT_LABEL}
          </kbd>
        </>
      }
    >
      <Button {...{ [DIALOG_SUBMIT]: '' }} aria-keyshortcuts={SUBMIT_KEYSHORTCUTS} {...props} />
    </Hint>
  );
}

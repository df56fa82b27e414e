import type { ComponentProps } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { XIcon } from 'lucide-react';
import {
  DIALOG_FRAME,
  DialogLayoutProvider,
  dialogBody,
  useDialogFooterClassName,
  useDialogHeaderClassName,
} from '@/components/ui/dialog-layout';
import { splitDialogClassName } from '@/components/ui/dialog-classes';
import { useReturnFocus } from '@/components/ui/return-focus';
import { submitOnShortcut } from '@/components/ui/submit-shortcut';
import { cn } from '@/lib/utils';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn(
        'fixed inset-0 z-50 bg-slate-900/40 backdrop-blur-[1px] data-[state=open]:animate-fade-in',
        className,
      )}
      {...props}
    />
  );
}

type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & { showClose?: boolean };

/**
 * The dialog's frame. Ctrl+Enter (Cmd+Enter) presses its primary action (`SubmitButton`); on close the focus goes
 * back to what had it when the dialog opened.
 */
export function DialogContent(props: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <OpenDialogContent {...props} />
    </DialogPrimitive.Portal>
  );
}

/** Mounted only while the dialog is open, so it sees the opener as it first renders (return-focus.ts). */
function OpenDialogContent({
  className,
  children,
  showClose = true,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onKeyDown,
  ...props
}: DialogContentProps) {
  const focus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  const classes = splitDialogClassName(className);
  const body = dialogBody(classes.body);
  return (
    <DialogPrimitive.Content
      data-slot="dialog-content"
      className={cn(DIALOG_FRAME, 'max-w-lg', classes.frame)}
      onKeyDown={(e) => {
        onKeyDown?.(e);
        submitOnShortcut(e);
      }}
      {...props}
      {...focus}
    >
      <div data-slot="dialog-body" className={body.className}>
        <DialogLayoutProvider padded={body.padded} closable={showClose}>
          {children}
        </DialogLayoutProvider>
      </div>
      {showClose && (
        <DialogPrimitive.Close className="absolute top-4 right-4 z-20 rounded-md bg-card p-1 text-muted-foreground transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50">
          <XIcon className="size-4" aria-hidden />
          <span className="sr-only">Cerrar</span>
        </DialogPrimitive.Close>
      )}
    </DialogPrimitive.Content>
  );
}

/** Title and description, pinned to the top while the body scrolls. */
export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="dialog-header" className={useDialogHeaderClassName(className)} {...props} />;
}

/** The action buttons, pinned to the bottom while the body scrolls. */
export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="dialog-footer" className={useDialogFooterClassName(className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title className={cn('text-lg leading-tight font-semibold', className)} {...props} />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}

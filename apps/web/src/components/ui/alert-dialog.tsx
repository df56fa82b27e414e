import type { ComponentProps } from 'react';
import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import { buttonVariants } from '@/components/ui/button';
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

export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

type AlertDialogContentProps = ComponentProps<typeof AlertDialogPrimitive.Content>;

/** Like DialogContent: Ctrl+Enter presses a `SubmitButton` action, and the focus goes back to the opener on close. */
export function AlertDialogContent(props: AlertDialogContentProps) {
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/40 backdrop-blur-[1px] data-[state=open]:animate-fade-in" />
      <OpenAlertDialogContent {...props} />
    </AlertDialogPrimitive.Portal>
  );
}

/** Mounted only while the dialog is open, so it sees the opener as it first renders (return-focus.ts). */
function OpenAlertDialogContent({
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onKeyDown,
  ...props
}: AlertDialogContentProps) {
  const focus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  const classes = splitDialogClassName(className);
  const body = dialogBody(classes.body);
  return (
    <AlertDialogPrimitive.Content
      data-slot="alert-dialog-content"
      className={cn(DIALOG_FRAME, 'max-w-md', classes.frame)}
      onKeyDown={(e) => {
        onKeyDown?.(e);
        submitOnShortcut(e);
      }}
      {...props}
      {...focus}
    >
      <div data-slot="dialog-body" className={body.className}>
        <DialogLayoutProvider padded={body.padded} closable={false}>
          {children}
        </DialogLayoutProvider>
      </div>
    </AlertDialogPrimitive.Content>
  );
}

export function AlertDialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="dialog-header" className={useDialogHeaderClassName(className)} {...props} />;
}

export function AlertDialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="dialog-footer" className={useDialogFooterClassName(className)} {...props} />;
}

export function AlertDialogTitle({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Title>) {
  return (
    <AlertDialogPrimitive.Title className={cn('text-lg leading-tight font-semibold', className)} {...props} />
  );
}

export function AlertDialogDescription({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Description>) {
  return (
    <AlertDialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}

export function AlertDialogAction({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Action>) {
  return <AlertDialogPrimitive.Action className={cn(buttonVariants(), className)} {...props} />;
}

export function AlertDialogCancel({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return (
    <AlertDialogPrimitive.Cancel
      className={cn(buttonVariants({ variant: 'outline' }), className)}
      {...props}
    />
  );
}

import type { ComponentProps } from 'react';
import { Dialog as SheetPrimitive } from 'radix-ui';
import { XIcon } from 'lucide-react';
import { useReturnFocus } from '@/components/ui/return-focus';
import { cn } from '@/lib/utils';

export const Sheet = SheetPrimitive.Root;
export const SheetTrigger = SheetPrimitive.Trigger;
export const SheetClose = SheetPrimitive.Close;
export const SheetTitle = SheetPrimitive.Title;
export const SheetDescription = SheetPrimitive.Description;

type SheetContentProps = ComponentProps<typeof SheetPrimitive.Content>;

/** A drawer from the left edge (the mobile sidebar). */
export function SheetContent(props: SheetContentProps) {
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/40 data-[state=open]:animate-fade-in" />
      <OpenSheetContent {...props} />
    </SheetPrimitive.Portal>
  );
}

/** Mounted only while the sheet is open, so it sees the opener as it first renders (return-focus.ts). */
function OpenSheetContent({
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: SheetContentProps) {
  const focus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <SheetPrimitive.Content
      data-slot="sheet-content"
      className={cn(
        'fixed inset-y-0 left-0 z-50 flex h-full w-72 max-w-[85vw] flex-col bg-sidebar shadow-xl outline-none data-[state=open]:animate-slide-in-left',
        className,
      )}
      {...props}
      {...focus}
    >
      {children}
      <SheetPrimitive.Close className="absolute top-3.5 right-3 rounded-md p-1.5 text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50">
        <XIcon className="size-4" aria-hidden />
        <span className="sr-only">Cerrar menú</span>
      </SheetPrimitive.Close>
    </SheetPrimitive.Content>
  );
}

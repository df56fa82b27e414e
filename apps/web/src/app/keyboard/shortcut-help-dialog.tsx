import { Fragment } from 'react';
import { ComboKeys } from '@/components/kbd';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { SHORTCUTS, SHORTCUT_GROUPS, type ShortcutId } from '@/lib/shortcuts';

export interface ShortcutHelpDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
  /** Shortcuts the user's role cannot use (listed, marked as such). */
  unavailable: readonly ShortcutId[];
}

/** '?': every keyboard shortcut of the app, read from the registry (lib/shortcuts.ts). */
export default function ShortcutHelpDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  unavailable,
}: ShortcutHelpDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl" onCloseAutoFocus={onCloseAutoFocus} data-testid="shortcut-help">
        <DialogHeader>
          <DialogTitle>Atajos de teclado</DialogTitle>
          <DialogDescription>
            Las teclas sueltas (N, ?) funcionan cuando el cursor no está en un campo de texto; los atajos
            globales esperan a que se cierre el diálogo abierto.
          </DialogDescription>
        </DialogHeader>
        {SHORTCUT_GROUPS.map((group) => (
          <section key={group.id} aria-labelledby={`atajos-${group.id}`}>
            <h3 id={`atajos-${group.id}`} className="mb-2 text-sm font-semibold">
              {group.label}
            </h3>
            <dl className="divide-y rounded-lg border">
              {SHORTCUTS.filter((s) => s.group === group.id).map((s) => (
                <div key={s.id} className="flex items-center justify-between gap-4 px-3 py-2 text-sm">
                  <dt className="min-w-0">
                    {s.label}
                    {unavailable.includes(s.id) && (
                      <span className="block text-xs text-muted-foreground">No disponible para su rol</span>
                    )}
                  </dt>
                  <dd className="flex shrink-0 flex-wrap items-center justify-end gap-1.5 text-muted-foreground">
                    {s.combos.map((combo, i) => (
                      <Fragment key={i}>
                        {i > 0 && <span className="text-xs">o</span>}
                        <ComboKeys combo={combo} className="text-foreground" />
                        {combo.outsideFields && <span className="sr-only">(fuera de un campo de texto)</span>}
                      </Fragment>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
        <DialogFooter>
          <DialogClose asChild>
            <Button>Cerrar</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Loader2Icon } from 'lucide-react';
import { WAITING_LIST_MESSAGES } from '@ips/shared/schemas/waiting-list';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { errorMessage } from '@/lib/error-toast';
import { cn } from '@/lib/utils';
import { cupsPageQuery } from '@/lib/cups-query';
import { SearchInput } from '@/components/search-input';
import { useDebounced } from '@/lib/use-debounced';
import type { WaitingEntry } from '@/features/queue/api/waiting-list';
import { useUpdateEntryCups } from '@/features/queue/api/waiting-list-mutations';

/** Edit the CUPS (procedure code) of a waiting-list entry: search the active catalogue, pick one or none. */
export function CupsDialog({
  entry,
  onOpenChange,
}: {
  entry: WaitingEntry | null;
  onOpenChange: (open: boolean) => void;
}) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<number | null | undefined>(undefined);
  const debounced = useDebounced(search);
  const results = useQuery({
    ...cupsPageQuery({ page: 1, search: debounced, category: '', status: 'Activo' }),
    enabled: entry !== null,
  });
  const update = useUpdateEntryCups();
  const current = picked === undefined ? (entry?.cups_id ?? null) : picked;

  const close = () => {
    if (update.isPending) return;
    setSearch('');
    setPicked(undefined);
    onOpenChange(false);
  };
  const save = () => {
    if (!entry) return;
    update.mutateAsync({ id: entry.id, cups_id: current }).then(
      () => {
        toast.success(WAITING_LIST_MESSAGES.cupsUpdated, { description: entry.patient_name });
        close();
      },
      (err: unknown) =>
        toast.error('No se pudo actualizar el CUPS', {
          description: errorMessage(err),
          position: 'top-center',
        }),
    );
  };
  const option = (id: number | null, title: string, detail?: string) => (
    <button
      key={id ?? 'none'}
      type="button"
      role="radio"
      aria-checked={current === id}
      onClick={() => setPicked(id)}
      className={cn(
        'flex w-full flex-col rounded-md border px-3 py-2 text-left text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        current === id ? 'border-primary bg-primary/10' : 'hover:bg-muted',
      )}
    >
      <span className="font-medium">{title}</span>
      {detail && <span className="line-clamp-2 text-xs text-muted-foreground">{detail}</span>}
    </button>
  );

  return (
    <Dialog open={entry !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Editar CUPS</DialogTitle>
          <DialogDescription>
            {entry &&
              `${entry.patient_name} · ${entry.specialty_name} · actual: ${entry.cups_code ?? 'sin CUPS'}`}
          </DialogDescription>
        </DialogHeader>
        <SearchInput
          value={search}
          onChange={setSearch}
          label="Buscar CUPS por código o nombre"
          className="sm:max-w-none"
        />
        <div role="radiogroup" aria-label="CUPS" className="grid max-h-72 gap-1.5 overflow-y-auto">
          {option(null, 'Sin CUPS', 'Quitar el código de la entrada')}
          {entry?.cups_id &&
            !results.data?.cups.some((c) => c.id === entry.cups_id) &&
            option(entry.cups_id, `${entry.cups_code ?? ''} (actual)`, entry.cups_name ?? undefined)}
          {results.isPending ? (
            <p className="flex items-center gap-2 p-2 text-sm text-muted-foreground">
              <Loader2Icon className="size-4 animate-spin" aria-hidden /> Buscando CUPS…
            </p>
          ) : results.isError ? (
            <p className="p-2 text-sm text-destructive">No se pudo cargar el catálogo CUPS</p>
          ) : results.data.cups.length === 0 ? (
            <p className="p-2 text-sm text-muted-foreground">Ningún CUPS coincide con la búsqueda</p>
          ) : (
            results.data.cups.map((c) => option(c.id, c.code, c.name))
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            Cancelar
          </Button>
          <Button onClick={save} disabled={update.isPending || current === (entry?.cups_id ?? null)}>
            {update.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
            Guardar CUPS
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

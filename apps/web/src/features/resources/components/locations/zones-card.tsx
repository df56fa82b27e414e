import { useState } from 'react';
import { MapIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { countOf } from '@ips/shared/format';
import { Button } from '@/components/ui/button';
import { useDeleteZone, useZones, type Zone } from '@/features/resources/api/zones';
import { ZoneFormDialog } from '@/features/resources/components/locations/zone-form-dialog';
import { DeleteDialog } from '@/features/resources/components/shared/delete-dialog';
import { EmptyState, ListSkeleton, LoadError } from '@/components/list-states';
import { TabSection } from '@/features/resources/components/shared/tab-section';
import { useDeleteFlow } from '@/features/resources/components/shared/use-delete-flow';
import { notifyError } from '@/lib/notify';
import { byName } from '@/lib/search';
import { cn } from '@/lib/utils';

interface ZonesCardProps {
  canManage: boolean;
  /** The zone whose municipalities are listed beside. */
  selected: number | null;
  onSelect: (zoneId: number | null) => void;
}

export function ZonesCard({ canManage, selected, onSelect }: ZonesCardProps) {
  const zones = useZones();
  const [creating, setCreating] = useState(0);
  const remove = useDeleteFlow<Zone>(useDeleteZone(), {
    success: () => 'Zona eliminada',
    onError: (err) => notifyError(err, 'No se pudo eliminar'),
  });
  const list = (zones.data ?? []).slice().sort(byName);

  return (
    <TabSection
      id="zones"
      title="Zonas"
      description="Agrupan municipios. Elija una para ver sus municipios."
      actions={
        canManage && (
          <Button variant="outline" size="sm" onClick={() => setCreating(Date.now())}>
            <PlusIcon aria-hidden />
            Nueva zona
          </Button>
        )
      }
    >
      {zones.isPending ? (
        <ListSkeleton rows={4} label="Cargando zonas" />
      ) : zones.isError ? (
        <LoadError
          title="No se pudieron cargar los datos"
          error={zones.error}
          onRetry={() => void zones.refetch()}
        />
      ) : list.length === 0 ? (
        <EmptyState icon={MapIcon} title="Aún no hay zonas" description="Cree una para agrupar municipios." />
      ) : (
        <ul className="divide-y rounded-lg border" aria-label="Zonas">
          {list.map((z) => (
            <li
              key={z.id}
              className={cn('flex items-center gap-2 px-2 py-1.5', selected === z.id && 'bg-accent/60')}
            >
              <button
                type="button"
                onClick={() => onSelect(selected === z.id ? null : z.id)}
                aria-pressed={selected === z.id}
                className="min-w-0 flex-1 rounded-md px-2 py-1.5 text-left outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <span className="block truncate text-sm font-medium">{z.name}</span>
                <span className="block truncate text-xs text-muted-foreground">
                  {countOf(z.municipalities_count, 'municipio', 'municipios')}
                  {z.description ? ` · ${z.description}` : ''}
                </span>
              </button>
              {canManage && (
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
                  onClick={() => remove.ask(z)}
                  aria-label={`Eliminar zona ${z.name}`}
                >
                  <Trash2Icon aria-hidden />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {creating > 0 && (
        <ZoneFormDialog key={creating} open onOpenChange={(open) => !open && setCreating(0)} />
      )}
      <DeleteDialog
        {...remove.dialog}
        title="¿Eliminar zona?"
        description={
          <>
            Se eliminará la zona <strong className="text-foreground">{remove.target?.name}</strong>. Solo es
            posible si no tiene municipios asignados.
          </>
        }
      />
    </TabSection>
  );
}

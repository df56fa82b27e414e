import { useMemo, useState } from 'react';
import { Building2Icon, PlusIcon } from 'lucide-react';
import { countOf } from '@ips/shared/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useDeleteLocation, useLocations, type Location } from '@/features/resources/api/locations';
import { LocationFormDialog } from '@/features/resources/components/locations/location-form-dialog';
import { MunicipalitiesCard } from '@/features/resources/components/locations/municipalities-card';
import { ZonesCard } from '@/features/resources/components/locations/zones-card';
import { DeleteDialog } from '@/features/resources/components/shared/delete-dialog';
import { EmptyState, ListSkeleton, LoadError } from '@/components/list-states';
import { RowActions } from '@/features/resources/components/shared/row-actions';
import { SearchInput } from '@/components/search-input';
import { TabSection } from '@/features/resources/components/shared/tab-section';
import { useDeleteFlow } from '@/features/resources/components/shared/use-delete-flow';
import { notifyError } from '@/lib/notify';
import { byName, matches } from '@/lib/search';

/** 'Sedes' with its two sub-sections, 'Zonas' and 'Municipios'. */
export function LocationsTab({ canManage }: { canManage: boolean }) {
  const [zoneId, setZoneId] = useState<number | null>(null);
  return (
    <div className="space-y-6">
      <LocationsSection canManage={canManage} />
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <ZonesCard canManage={canManage} selected={zoneId} onSelect={setZoneId} />
        <MunicipalitiesCard canManage={canManage} zoneId={zoneId} onZoneChange={setZoneId} />
      </div>
    </div>
  );
}

function LocationsSection({ canManage }: { canManage: boolean }) {
  const locations = useLocations();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<{ key: number; item?: Location } | null>(null);
  const remove = useDeleteFlow<Location>(useDeleteLocation(), {
    success: () => 'Sede eliminada',
    onError: (err) => notifyError(err, 'No se pudo eliminar'),
  });
  const filtered = useMemo(
    () =>
      (locations.data ?? [])
        .filter((l) => matches(query, l.name, l.address, l.type, l.municipality_name, l.zone_name))
        .sort(byName),
    [locations.data, query],
  );

  const total = locations.data?.length ?? 0;
  return (
    <TabSection
      id="locations"
      title="Sedes"
      description={
        locations.isSuccess ? countOf(total, 'sede registrada', 'sedes registradas') : 'Sedes de la IPS.'
      }
      actions={
        canManage && (
          <Button onClick={() => setEditing({ key: Date.now() })}>
            <PlusIcon aria-hidden />
            Nueva sede
          </Button>
        )
      }
      toolbar={<SearchInput value={query} onChange={setQuery} label="Buscar sede, dirección o municipio" />}
    >
      {locations.isPending ? (
        <ListSkeleton rows={4} label="Cargando sedes" />
      ) : locations.isError ? (
        <LoadError
          title="No se pudieron cargar los datos"
          error={locations.error}
          onRetry={() => void locations.refetch()}
        />
      ) : filtered.length === 0 ? (
        <EmptyState
          icon={Building2Icon}
          title={query ? 'Ninguna sede coincide con la búsqueda' : 'Aún no hay sedes'}
        />
      ) : (
        <Table aria-label="Sedes">
          <TableHeader>
            <TableRow>
              <TableHead>Sede</TableHead>
              <TableHead className="hidden md:table-cell">Tipo</TableHead>
              <TableHead className="hidden sm:table-cell">Municipio</TableHead>
              <TableHead className="hidden lg:table-cell text-right">Especialidades</TableHead>
              <TableHead>Estado</TableHead>
              {canManage && (
                <TableHead className="w-12">
                  <span className="sr-only">Acciones</span>
                </TableHead>
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {filtered.map((l) => (
              <TableRow key={l.id}>
                <TableCell className="sm:min-w-48">
                  <span className="block font-medium">{l.name}</span>
                  <span className="block text-xs text-muted-foreground">{l.address ?? 'Sin dirección'}</span>
                </TableCell>
                <TableCell className="hidden text-sm md:table-cell">{l.type ?? '—'}</TableCell>
                <TableCell className="hidden text-sm sm:table-cell">
                  {l.municipality_name ?? '—'}
                  {l.zone_name && (
                    <span className="block text-xs text-muted-foreground">Zona {l.zone_name}</span>
                  )}
                </TableCell>
                <TableCell className="hidden text-right tabular-nums lg:table-cell">
                  {l.specialties.length}
                </TableCell>
                <TableCell>
                  <Badge variant={l.status === 'Activa' ? 'success' : 'secondary'}>{l.status}</Badge>
                </TableCell>
                {canManage && (
                  <TableCell>
                    <RowActions
                      name={l.name}
                      onEdit={() => setEditing({ key: Date.now(), item: l })}
                      onDelete={() => remove.ask(l)}
                    />
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing && (
        <LocationFormDialog
          key={editing.key}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          location={editing.item}
        />
      )}
      <DeleteDialog
        {...remove.dialog}
        title="¿Eliminar sede?"
        description={
          <>
            Se eliminará <strong className="text-foreground">{remove.target?.name}</strong> con sus
            especialidades y autorizaciones de EPS, y dejará de figurar en los doctores que atienden allí.
          </>
        }
      />
    </TabSection>
  );
}

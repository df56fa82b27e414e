import { useMemo, useState } from 'react';
import { MapPinnedIcon, PlusIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import {
  useDeleteMunicipality,
  useMunicipalities,
  type Municipality,
} from '@/features/resources/api/municipalities';
import { useZones } from '@/features/resources/api/zones';
import { MunicipalityFormDialog } from '@/features/resources/components/locations/municipality-form-dialog';
import { DeleteDialog } from '@/features/resources/components/shared/delete-dialog';
import { EmptyState, ListSkeleton, LoadError } from '@/components/list-states';
import { RowActions } from '@/features/resources/components/shared/row-actions';
import { SearchInput } from '@/components/search-input';
import { TabSection } from '@/features/resources/components/shared/tab-section';
import { useDeleteFlow } from '@/features/resources/components/shared/use-delete-flow';
import { notifyError } from '@/lib/notify';
import { byName, matches } from '@/lib/search';
import { usePaged } from '@/features/resources/lib/use-paged';

const ALL = 'all';

interface Props {
  canManage: boolean;
  zoneId: number | null;
  onZoneChange: (zoneId: number | null) => void;
}

export function MunicipalitiesCard({ canManage, zoneId, onZoneChange }: Props) {
  const zones = useZones();
  const municipalities = useMunicipalities(zoneId ?? undefined);
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<{ key: number; item?: Municipality } | null>(null);
  const remove = useDeleteFlow<Municipality>(useDeleteMunicipality(), {
    success: () => 'Municipio eliminado',
    onError: (err) => notifyError(err, 'No se pudo eliminar'),
  });

  const filtered = useMemo(
    () =>
      (municipalities.data ?? [])
        .filter((m) => matches(query, m.name, m.code, m.department, m.zone_name))
        .sort(byName),
    [municipalities.data, query],
  );
  const paged = usePaged(filtered, 10);

  return (
    <TabSection
      id="municipalities"
      title="Municipios"
      description="Catálogo DIVIPOLA del DANE; cada municipio puede pertenecer a una zona."
      actions={
        canManage && (
          <Button variant="outline" size="sm" onClick={() => setEditing({ key: Date.now() })}>
            <PlusIcon aria-hidden />
            Nuevo municipio
          </Button>
        )
      }
      toolbar={
        <>
          <Select
            value={zoneId ? String(zoneId) : ALL}
            onValueChange={(v) => {
              onZoneChange(v === ALL ? null : Number(v));
              paged.setPage(1);
            }}
          >
            <SelectTrigger className="sm:w-52 sm:shrink-0" aria-label="Filtrar por zona">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>Todas las zonas</SelectItem>
              {(zones.data ?? [])
                .slice()
                .sort(byName)
                .map((z) => (
                  <SelectItem key={z.id} value={String(z.id)}>
                    {z.name}
                  </SelectItem>
                ))}
            </SelectContent>
          </Select>
          <SearchInput
            value={query}
            onChange={(v) => {
              setQuery(v);
              paged.setPage(1);
            }}
            label="Buscar municipio o código"
          />
        </>
      }
    >
      {municipalities.isPending ? (
        <ListSkeleton label="Cargando municipios" />
      ) : municipalities.isError ? (
        <LoadError
          title="No se pudieron cargar los datos"
          error={municipalities.error}
          onRetry={() => void municipalities.refetch()}
        />
      ) : filtered.length === 0 ? (
        <EmptyState
          icon={MapPinnedIcon}
          title={query ? 'Ningún municipio coincide con la búsqueda' : 'Esta zona aún no tiene municipios'}
          description={query ? 'Busque por nombre, departamento o código DIVIPOLA.' : undefined}
        />
      ) : (
        <>
          <Table aria-label="Municipios">
            <TableHeader>
              <TableRow>
                <TableHead>Municipio</TableHead>
                <TableHead>DIVIPOLA</TableHead>
                <TableHead className="hidden sm:table-cell">Zona</TableHead>
                {canManage && (
                  <TableHead className="w-12">
                    <span className="sr-only">Acciones</span>
                  </TableHead>
                )}
              </TableRow>
            </TableHeader>
            <TableBody>
              {paged.rows.map((m) => (
                <TableRow key={m.id}>
                  <TableCell>
                    <span className="block font-medium">{m.name}</span>
                    <span className="block text-xs text-muted-foreground">
                      {m.department ?? 'Sin departamento'}
                    </span>
                  </TableCell>
                  <TableCell className="font-mono text-sm tabular-nums">{m.code ?? '—'}</TableCell>
                  <TableCell className="hidden text-sm sm:table-cell">
                    {m.zone_name ?? <span className="text-muted-foreground">Sin zona</span>}
                  </TableCell>
                  {canManage && (
                    <TableCell>
                      <RowActions
                        name={m.name}
                        editLabel="Renombrar"
                        onEdit={() => setEditing({ key: Date.now(), item: m })}
                        onDelete={() => remove.ask(m)}
                      />
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pagination {...paged} onPageChange={paged.setPage} itemLabel="municipios" itemOne="municipio" />
        </>
      )}
      {editing && (
        <MunicipalityFormDialog
          key={editing.key}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          municipality={editing.item}
          defaultZoneId={zoneId ?? undefined}
        />
      )}
      <DeleteDialog
        {...remove.dialog}
        title="¿Eliminar municipio?"
        description={
          <>
            Se eliminará <strong className="text-foreground">{remove.target?.name}</strong>. No es posible si
            alguna sede está ubicada en él.
          </>
        }
      />
    </TabSection>
  );
}

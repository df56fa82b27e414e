import { useMemo, useState } from 'react';
import { PlusIcon, TagsIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import {
  useDeleteLocationType,
  useLocationTypes,
  useSaveLocationType,
  type LocationType,
} from '@/features/resources/api/location-types';
import { LocationTypeFormDialog } from '@/features/resources/components/location-types/location-type-form-dialog';
import { DeleteDialog } from '@/features/resources/components/shared/delete-dialog';
import { EmptyState, ListSkeleton, LoadError } from '@/components/list-states';
import { RowActions } from '@/features/resources/components/shared/row-actions';
import { SearchInput } from '@/components/search-input';
import { StatusSwitch } from '@/features/resources/components/shared/status-switch';
import { TabSection } from '@/features/resources/components/shared/tab-section';
import { useDeleteFlow } from '@/features/resources/components/shared/use-delete-flow';
import { notifyError, notifySuccess } from '@/lib/notify';
import { byName, matches } from '@/lib/search';

export function LocationTypesTab({ canManage }: { canManage: boolean }) {
  const types = useLocationTypes();
  const save = useSaveLocationType();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<{ key: number; item?: LocationType } | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);
  const remove = useDeleteFlow<LocationType>(useDeleteLocationType(), {
    success: () => 'Tipo de sede eliminado',
    onError: (err) => notifyError(err, 'No se pudo eliminar'),
  });
  const filtered = useMemo(
    () => (types.data ?? []).filter((t) => matches(query, t.name)).sort(byName),
    [types.data, query],
  );

  function toggle(t: LocationType, active: boolean) {
    setToggling(t.id);
    save.mutate(
      { id: t.id, body: { status: active ? 'active' : 'inactive' } },
      {
        onSuccess: () => notifySuccess('Estado actualizado'),
        onError: (err) => notifyError(err, 'No se pudo cambiar el estado'),
        onSettled: () => setToggling(null),
      },
    );
  }

  return (
    <TabSection
      id="location-types"
      title="Tipos de Sede"
      description="Los tipos inactivos no se ofrecen al crear o editar sedes."
      actions={
        canManage && (
          <Button onClick={() => setEditing({ key: Date.now() })}>
            <PlusIcon aria-hidden />
            Nuevo tipo
          </Button>
        )
      }
      toolbar={<SearchInput value={query} onChange={setQuery} label="Buscar tipo de sede" />}
    >
      {types.isPending ? (
        <ListSkeleton rows={4} label="Cargando tipos de sede" />
      ) : types.isError ? (
        <LoadError
          title="No se pudieron cargar los tipos de sede"
          error={types.error}
          onRetry={() => void types.refetch()}
        />
      ) : filtered.length === 0 ? (
        <EmptyState
          icon={TagsIcon}
          title={query ? 'Ningún tipo coincide con la búsqueda' : 'Aún no hay tipos de sede'}
        />
      ) : (
        <Table aria-label="Tipos de sede">
          <TableHeader>
            <TableRow>
              <TableHead>Nombre</TableHead>
              <TableHead className="text-right">Sedes</TableHead>
              <TableHead>Estado</TableHead>
              {canManage && (
                <TableHead className="w-12">
                  <span className="sr-only">Acciones</span>
                </TableHead>
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {filtered.map((t) => (
              <TableRow key={t.id}>
                <TableCell className="font-medium">{t.name}</TableCell>
                <TableCell className="text-right tabular-nums">{t.locations_count}</TableCell>
                <TableCell>
                  <StatusSwitch
                    active={t.status === 'active'}
                    name={t.name}
                    canManage={canManage}
                    pending={toggling === t.id}
                    onChange={(active) => toggle(t, active)}
                  />
                </TableCell>
                {canManage && (
                  <TableCell>
                    <RowActions
                      name={t.name}
                      editLabel="Renombrar"
                      onEdit={() => setEditing({ key: Date.now(), item: t })}
                      onDelete={() => remove.ask(t)}
                    />
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing && (
        <LocationTypeFormDialog
          key={editing.key}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          type={editing.item}
        />
      )}
      <DeleteDialog
        {...remove.dialog}
        title="¿Eliminar tipo de sede?"
        description={
          <>
            Se eliminará <strong className="text-foreground">{remove.target?.name}</strong>. Si alguna sede lo
            usa no se podrá eliminar; en ese caso puede desactivarlo.
          </>
        }
      />
    </TabSection>
  );
}

import { useMemo, useState } from 'react';
import { PlusIcon, StethoscopeIcon } from 'lucide-react';
import { countOf } from '@ips/shared/format';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { specialtyInUse, specialtyInUseMessage } from '@ips/shared/schemas/resources-specialties';
import {
  useDeleteSpecialty,
  useSaveSpecialty,
  useSpecialties,
  useSpecialtyUsage,
  type Specialty,
} from '@/features/resources/api/specialties';
import { useServices } from '@/features/resources/api/services';
import { DeleteDialog } from '@/features/resources/components/shared/delete-dialog';
import { EmptyState, ListSkeleton, LoadError } from '@/components/list-states';
import { RowActions } from '@/features/resources/components/shared/row-actions';
import { SearchInput } from '@/components/search-input';
import { StatusSwitch } from '@/features/resources/components/shared/status-switch';
import { TabSection } from '@/features/resources/components/shared/tab-section';
import { useDeleteFlow } from '@/features/resources/components/shared/use-delete-flow';
import { SpecialtyFormDialog } from '@/features/resources/components/specialties/specialty-form-dialog';
import { notifyError, notifySuccess } from '@/lib/notify';
import { byName, matches } from '@/lib/search';
import { usePaged } from '@/features/resources/lib/use-paged';

/** Spec part 2 §9: the specialty list pages by 10. */
const PAGE_SIZE = 10;

export function SpecialtiesTab({ canManage }: { canManage: boolean }) {
  const specialties = useSpecialties();
  const services = useServices();
  const serviceNames = useMemo(
    () => new Map((services.data ?? []).map((s) => [s.id, s.name])),
    [services.data],
  );
  const save = useSaveSpecialty();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<{ key: number; item?: Specialty } | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);
  const remove = useDeleteFlow<Specialty>(useDeleteSpecialty(), {
    success: () => 'Especialidad eliminada',
    onError: (err) => notifyError(err, 'No se pudo eliminar'),
  });

  // What uses the specialty is read as the dialog opens: one in use is refused before anyone clicks Eliminar.
  const usage = useSpecialtyUsage(remove.target?.id);
  const inUse = usage.data && specialtyInUse(usage.data) ? specialtyInUseMessage(usage.data) : null;

  const filtered = useMemo(
    () => (specialties.data ?? []).filter((s) => matches(query, s.name, s.description)).sort(byName),
    [specialties.data, query],
  );
  const paged = usePaged(filtered, PAGE_SIZE);

  function toggle(s: Specialty, active: boolean) {
    setToggling(s.id);
    save.mutate(
      { id: s.id, body: { active } },
      {
        onSuccess: () => notifySuccess('Estado actualizado'),
        onError: (err) => notifyError(err, 'No se pudo cambiar el estado'),
        onSettled: () => setToggling(null),
      },
    );
  }

  const total = specialties.data?.length ?? 0;
  return (
    <TabSection
      id="specialties"
      title="Especialidades"
      description={
        specialties.isSuccess
          ? countOf(total, 'especialidad registrada', 'especialidades registradas')
          : 'Servicios médicos que ofrece la IPS y su duración de consulta.'
      }
      actions={
        canManage && (
          <Button onClick={() => setEditing({ key: Date.now() })}>
            <PlusIcon aria-hidden />
            Nueva especialidad
          </Button>
        )
      }
      toolbar={
        <SearchInput
          value={query}
          onChange={(v) => {
            setQuery(v);
            paged.setPage(1);
          }}
          label="Buscar especialidad"
        />
      }
    >
      {specialties.isPending ? (
        <ListSkeleton label="Cargando especialidades" />
      ) : specialties.isError ? (
        <LoadError
          title="No se pudieron cargar las especialidades"
          error={specialties.error}
          onRetry={() => void specialties.refetch()}
        />
      ) : filtered.length === 0 ? (
        <EmptyState
          icon={StethoscopeIcon}
          title={query ? 'Ninguna especialidad coincide con la búsqueda' : 'Aún no hay especialidades'}
          description={
            query ? 'Pruebe con otro nombre.' : 'Cree la primera para asignarla a doctores y sedes.'
          }
        />
      ) : (
        <>
          <Table aria-label="Especialidades">
            <TableHeader>
              <TableRow>
                <TableHead>Nombre</TableHead>
                <TableHead className="hidden md:table-cell">Descripción</TableHead>
                <TableHead className="hidden text-right sm:table-cell">Duración</TableHead>
                <TableHead className="hidden lg:table-cell">Servicio predeterminado</TableHead>
                <TableHead>Estado</TableHead>
                {canManage && (
                  <TableHead className="w-12">
                    <span className="sr-only">Acciones</span>
                  </TableHead>
                )}
              </TableRow>
            </TableHeader>
            <TableBody>
              {paged.rows.map((s) => (
                <TableRow key={s.id}>
                  <TableCell className="font-medium">
                    {s.name}
                    <span className="mt-0.5 block text-xs font-normal text-muted-foreground md:hidden">
                      <span className="sm:hidden">{s.default_duration_minutes} min</span>
                      {s.description && <span className="sm:hidden"> · </span>}
                      {s.description}
                    </span>
                  </TableCell>
                  <TableCell className="hidden max-w-md text-muted-foreground md:table-cell">
                    {s.description || '—'}
                  </TableCell>
                  <TableCell className="hidden text-right whitespace-nowrap tabular-nums sm:table-cell">
                    {s.default_duration_minutes} min
                  </TableCell>
                  <TableCell className="hidden text-muted-foreground lg:table-cell">
                    {(s.default_service_id != null && serviceNames.get(s.default_service_id)) || '—'}
                  </TableCell>
                  <TableCell>
                    <StatusSwitch
                      active={s.active}
                      name={s.name}
                      canManage={canManage}
                      pending={toggling === s.id}
                      onChange={(active) => toggle(s, active)}
                      activeLabel="Activa"
                      inactiveLabel="Inactiva"
                    />
                  </TableCell>
                  {canManage && (
                    <TableCell>
                      <RowActions
                        name={s.name}
                        onEdit={() => setEditing({ key: Date.now(), item: s })}
                        onDelete={() => remove.ask(s)}
                      />
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pagination {...paged} onPageChange={paged.setPage} itemLabel="especialidades" />
        </>
      )}

      {editing && (
        <SpecialtyFormDialog
          key={editing.key}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          specialty={editing.item}
        />
      )}
      <DeleteDialog
        {...remove.dialog}
        refusal={remove.dialog.refusal ?? inUse}
        title="¿Eliminar especialidad?"
        description={
          <>
            Se eliminará <strong className="text-foreground">{remove.target?.name}</strong> y sus
            autorizaciones de EPS. No se puede eliminar si está asignada a doctores, sedes o pacientes en
            cola.
            {usage.isPending && remove.target && (
              <span className="mt-2 block" role="status">
                Consultando su uso…
              </span>
            )}
          </>
        }
      />
    </TabSection>
  );
}

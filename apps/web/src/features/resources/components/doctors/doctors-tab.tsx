import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BadgeDollarSignIcon, PlusIcon, UserRoundIcon } from 'lucide-react';
import { countOf } from '@ips/shared/format';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useDeleteDoctor, useDoctors, useSaveDoctor, type Doctor } from '@/features/resources/api/doctors';
import { useSpecialties } from '@/features/resources/api/specialties';
import { DoctorFormDialog } from '@/features/resources/components/doctors/doctor-form-dialog';
import { DoctorPricesDialog } from '@/features/resources/components/doctors/doctor-prices-dialog';
import { DeleteDialog } from '@/features/resources/components/shared/delete-dialog';
import { EmptyState, ListSkeleton, LoadError } from '@/components/list-states';
import { RowActions } from '@/features/resources/components/shared/row-actions';
import { SearchInput } from '@/components/search-input';
import { StatusSwitch } from '@/features/resources/components/shared/status-switch';
import { TabSection } from '@/features/resources/components/shared/tab-section';
import { useDeleteFlow } from '@/features/resources/components/shared/use-delete-flow';
import { notifyError, notifySuccess } from '@/lib/notify';
import { byName, matches } from '@/lib/search';
import { usePaged } from '@/features/resources/lib/use-paged';

const PAGE_SIZE = 10;
const ALL = 'all';

function NameList({ items, max = 3 }: { items: { id: number; name: string }[]; max?: number }) {
  if (items.length === 0) return <span className="text-muted-foreground">—</span>;
  const shown = items.slice(0, max);
  return (
    <div className="flex flex-wrap gap-1">
      {shown.map((i) => (
        <Badge key={i.id} variant="secondary">
          {i.name}
        </Badge>
      ))}
      {items.length > max && (
        <Badge
          variant="outline"
          title={items
            .slice(max)
            .map((i) => i.name)
            .join(', ')}
        >
          +{items.length - max}
        </Badge>
      )}
    </div>
  );
}

export function DoctorsTab({ canManage }: { canManage: boolean }) {
  const doctors = useDoctors();
  const specialties = useSpecialties();
  const save = useSaveDoctor();
  // `?q=` (the command palette's link to a doctor) fills the search, also when it changes on this page.
  const linked = useSearchParams()[0].get('q') ?? '';
  const [query, setQuery] = useState(linked);
  const [seen, setSeen] = useState(linked);
  if (linked !== seen) {
    setSeen(linked);
    setQuery(linked);
  }
  const [specialty, setSpecialty] = useState(ALL);
  const [editing, setEditing] = useState<{ key: number; item?: Doctor } | null>(null);
  const [toggle, setToggle] = useState<Doctor | null>(null);
  const [pricing, setPricing] = useState<Doctor | null>(null);
  const remove = useDeleteFlow<Doctor>(useDeleteDoctor(), {
    success: () => 'Doctor eliminado',
    onError: (err) => notifyError(err, 'No se pudo eliminar el doctor'),
  });

  const filtered = useMemo(
    () =>
      (doctors.data ?? [])
        .filter(
          (d) =>
            (specialty === ALL || d.specialties.some((s) => String(s.id) === specialty)) &&
            matches(query, d.name, d.license_number, d.email, d.phone, ...d.specialties.map((s) => s.name)),
        )
        .sort(byName),
    [doctors.data, query, specialty],
  );
  const paged = usePaged(filtered, PAGE_SIZE);

  function runToggle() {
    if (!toggle) return;
    save.mutate(
      { id: toggle.id, body: { active: !toggle.active } },
      {
        onSuccess: () =>
          notifySuccess('Estado actualizado', toggle.active ? 'Doctor desactivado' : 'Doctor activado'),
        onError: (err) => notifyError(err, 'No se pudo cambiar el estado'),
        onSettled: () => setToggle(null),
      },
    );
  }

  const total = doctors.data?.length ?? 0;
  return (
    <TabSection
      id="doctors"
      title="Doctores"
      description={
        doctors.isSuccess
          ? countOf(total, 'doctor registrado', 'doctores registrados')
          : 'Profesionales, sus especialidades y sedes.'
      }
      actions={
        canManage && (
          <Button onClick={() => setEditing({ key: Date.now() })}>
            <PlusIcon aria-hidden />
            Nuevo doctor
          </Button>
        )
      }
      toolbar={
        <>
          <SearchInput
            value={query}
            onChange={(v) => {
              setQuery(v);
              paged.setPage(1);
            }}
            label="Buscar por nombre, registro o correo"
            placeholder="Buscar doctor…"
          />
          <Select
            value={specialty}
            onValueChange={(v) => {
              setSpecialty(v);
              paged.setPage(1);
            }}
          >
            <SelectTrigger className="sm:w-56 sm:shrink-0" aria-label="Filtrar por especialidad">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>Todas las especialidades</SelectItem>
              {(specialties.data ?? [])
                .slice()
                .sort(byName)
                .map((s) => (
                  <SelectItem key={s.id} value={String(s.id)}>
                    {s.name}
                  </SelectItem>
                ))}
            </SelectContent>
          </Select>
        </>
      }
    >
      {doctors.isPending ? (
        <ListSkeleton label="Cargando doctores" />
      ) : doctors.isError ? (
        <LoadError
          title="No se pudieron cargar los datos"
          error={doctors.error}
          onRetry={() => void doctors.refetch()}
        />
      ) : filtered.length === 0 ? (
        <EmptyState
          icon={UserRoundIcon}
          title={
            query || specialty !== ALL ? 'Ningún doctor coincide con los filtros' : 'Aún no hay doctores'
          }
          description={query || specialty !== ALL ? 'Ajuste la búsqueda o la especialidad.' : undefined}
        />
      ) : (
        <>
          <Table aria-label="Doctores">
            <TableHeader>
              <TableRow>
                <TableHead>Doctor</TableHead>
                <TableHead className="hidden md:table-cell">Registro</TableHead>
                <TableHead className="hidden sm:table-cell">Especialidades</TableHead>
                <TableHead className="hidden lg:table-cell">Sedes</TableHead>
                <TableHead>Estado</TableHead>
                {canManage && (
                  <TableHead className="w-12">
                    <span className="sr-only">Acciones</span>
                  </TableHead>
                )}
              </TableRow>
            </TableHeader>
            <TableBody>
              {paged.rows.map((d) => (
                <TableRow key={d.id}>
                  <TableCell className="sm:min-w-48">
                    <span className="block font-medium">{d.name}</span>
                    <span
                      className="block max-w-[12rem] truncate text-xs text-muted-foreground sm:max-w-none"
                      title={d.email ?? undefined}
                    >
                      {d.email ?? 'Sin correo'}
                    </span>
                    {d.phone && (
                      <span className="block text-xs text-muted-foreground tabular-nums">{d.phone}</span>
                    )}
                    <span className="block text-xs text-muted-foreground md:hidden">{d.license_number}</span>
                    <span className="mt-1 block text-xs sm:hidden">
                      {d.specialties.map((s) => s.name).join(', ')}
                    </span>
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap tabular-nums md:table-cell">
                    {d.license_number}
                  </TableCell>
                  <TableCell className="hidden min-w-40 sm:table-cell">
                    <NameList items={d.specialties} max={2} />
                  </TableCell>
                  <TableCell className="hidden min-w-48 text-sm lg:table-cell">
                    {d.locations.length ? d.locations.map((l) => l.name).join(', ') : '—'}
                  </TableCell>
                  <TableCell>
                    <StatusSwitch
                      active={d.active}
                      name={d.name}
                      canManage={canManage}
                      pending={save.isPending && toggle?.id === d.id}
                      onChange={() => setToggle(d)}
                    />
                  </TableCell>
                  {canManage && (
                    <TableCell>
                      <RowActions
                        name={d.name}
                        onEdit={() => setEditing({ key: Date.now(), item: d })}
                        onDelete={() => remove.ask(d)}
                        more={[
                          { label: 'Tarifas', icon: BadgeDollarSignIcon, onSelect: () => setPricing(d) },
                        ]}
                      />
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pagination {...paged} onPageChange={paged.setPage} itemLabel="doctores" itemOne="doctor" />
        </>
      )}

      {editing && (
        <DoctorFormDialog
          key={editing.key}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          doctor={editing.item}
        />
      )}
      {pricing && <DoctorPricesDialog key={pricing.id} doctor={pricing} onClose={() => setPricing(null)} />}
      <ConfirmDialog
        open={toggle !== null}
        onOpenChange={(open) => !open && setToggle(null)}
        title={toggle?.active ? '¿Desactivar doctor?' : '¿Activar doctor?'}
        description={
          toggle?.active
            ? `${toggle.name} dejará de estar disponible para nuevas agendas y citas.`
            : `${toggle?.name ?? ''} volverá a estar disponible para agendas y citas.`
        }
        confirmLabel={toggle?.active ? 'Desactivar' : 'Activar'}
        pendingLabel="Guardando…"
        destructive={toggle?.active ?? false}
        pending={save.isPending}
        onConfirm={runToggle}
      />
      <DeleteDialog
        {...remove.dialog}
        title="¿Eliminar doctor?"
        description={
          <>
            Se eliminará a <strong className="text-foreground">{remove.target?.name}</strong> con sus
            especialidades y sedes asignadas. Esta acción no se puede deshacer.
          </>
        }
      />
    </TabSection>
  );
}

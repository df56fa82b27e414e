import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeftIcon, SearchIcon } from 'lucide-react';
import { toast } from 'sonner';
import { countOf } from '@ips/shared/format';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { usePatients, type Patient } from '@/features/patients/api/get-patients';
import { useRemovePatient } from '@/features/patients/api/patient-mutations';
import { PatientsPagination } from '@/features/patients/components/patients-pagination';
import { SimpleEditDialog } from '@/features/patients/components/simple-list/simple-edit-dialog';
import { SimplePatientsTable } from '@/features/patients/components/simple-list/simple-patients-table';
import { useDebouncedValue } from '@/features/patients/hooks/use-debounced-value';
import { patientPermissions } from '@/features/patients/utils/permissions';
import { useOrgSettings } from '@/lib/settings/use-org-settings';
import { errorMessage } from '@/lib/error-toast';
import { useAuth } from '@/lib/use-auth';

const PAGE_SIZE = 20;

/** The simple patient list: active patients, searched and paged by the server, with quick edit and delete. */
export default function PatientsListPage() {
  const { user } = useAuth();
  const { canWrite, canChangeStatus } = patientPermissions(user?.role);
  const { timezone } = useOrgSettings();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const [paging, setPaging] = useState({ key: debounced, page: 1 });
  const page = paging.key === debounced ? paging.page : 1;
  const list = usePatients({ page, limit: PAGE_SIZE, search: debounced || undefined, status: 'Activo' });
  const remove = useRemovePatient();
  const [editing, setEditing] = useState<Patient | null>(null);

  useEffect(() => {
    if (list.error) toast.error('Error al cargar pacientes', { description: errorMessage(list.error) });
  }, [list.error]);

  function onDelete(p: Patient) {
    if (!window.confirm('¿Estás seguro de que quieres eliminar este paciente?')) return;
    remove.mutate(
      { id: p.id, hard: false },
      {
        onSuccess: () => toast.success('Paciente eliminado exitosamente'),
        onError: (err) => toast.error('Error al eliminar paciente', { description: errorMessage(err) }),
      },
    );
  }

  const total = list.data?.pagination.total;
  return (
    <div className="mx-auto w-full max-w-7xl">
      <PageHeader
        title="Listado de Pacientes"
        description="Vista rápida de los pacientes activos, con edición de contacto y datos clínicos básicos."
        actions={
          <Button variant="outline" asChild>
            <Link to="/patients">
              <ArrowLeftIcon aria-hidden />
              Gestión de Pacientes
            </Link>
          </Button>
        }
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end" role="search">
        <div className="flex-1 space-y-1.5">
          <Label htmlFor="simple-search">Buscar paciente</Label>
          <div className="relative">
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              id="simple-search"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Nombre, documento, correo o teléfono..."
              className="pl-9"
              autoComplete="off"
              maxLength={100}
            />
          </div>
        </div>
        <Badge variant="secondary" className="h-8 px-3 text-sm" aria-live="polite" data-testid="simple-count">
          {total === undefined ? 'Cargando…' : countOf(total, 'paciente', 'pacientes')}
        </Badge>
      </div>
      <SimplePatientsTable
        patients={list.data?.patients}
        loading={list.isPending}
        busy={list.isPlaceholderData}
        onEdit={canWrite ? setEditing : undefined}
        onDelete={canChangeStatus ? onDelete : undefined}
        deletingId={remove.isPending ? (remove.variables?.id ?? null) : null}
        timezone={timezone}
      />
      <PatientsPagination
        page={page}
        totalPages={list.data?.pagination.total_pages ?? 0}
        onPageChange={(n) => setPaging({ key: debounced, page: n })}
        disabled={list.isPlaceholderData}
      />
      <SimpleEditDialog patient={editing} onOpenChange={(open) => !open && setEditing(null)} />
    </div>
  );
}

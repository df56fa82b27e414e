import { useEffect } from 'react';
import { RefreshCwIcon, SearchXIcon, UserXIcon } from 'lucide-react';
import { toast } from 'sonner';
import type { PatientStatus } from '@ips/shared/schemas/patients';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PatientCard, type PatientCardActions } from '@/features/patients/components/patient-card';
import { PatientsPagination } from '@/features/patients/components/patients-pagination';
import type { PatientDirectory } from '@/features/patients/hooks/use-patient-directory';
import { errorMessage } from '@/lib/error-toast';

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4';

function CardsSkeleton() {
  return (
    <div className={GRID} aria-label="Cargando pacientes" role="status">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="space-y-3 rounded-xl border bg-card p-4">
          <div className="flex items-center gap-3">
            <Skeleton className="size-11 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/2" />
            </div>
          </div>
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ))}
    </div>
  );
}

function EmptyState({ status, filtered }: { status: PatientStatus; filtered: boolean }) {
  const active = status === 'Activo';
  const Icon = active ? SearchXIcon : UserXIcon;
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-14 text-center">
      <Icon className="size-10 text-muted-foreground" aria-hidden />
      <p className="mt-3 font-medium">
        {active ? 'No se encontraron pacientes activos' : 'No hay pacientes inactivos'}
      </p>
      <p className="mt-1 text-sm text-muted-foreground">
        {filtered
          ? 'Pruebe con otro nombre, documento o género, o use Limpiar.'
          : active
            ? 'Registre el primer paciente con el botón Nuevo Paciente.'
            : 'Los pacientes inactivados aparecerán aquí y podrán reactivarse.'}
      </p>
    </div>
  );
}

/** Tabs Activos (n) / Inactivos (n), the card grid, the count line and the pagination. */
export function PatientsDirectory({
  directory: d,
  timezone,
  actions,
}: {
  directory: PatientDirectory;
  timezone: string;
  actions: PatientCardActions;
}) {
  const { data, isPending, isError, error, isPlaceholderData, refetch } = d.query;
  useEffect(() => {
    if (error) toast.error('Error al cargar pacientes', { description: errorMessage(error) });
  }, [error]);
  const counts = data?.counts;
  const label = (n: number | undefined, exact = true) =>
    n === undefined ? '…' : `${exact ? '' : 'más de '}${n.toLocaleString('es-CO')}`;
  const word = d.status === 'Activo' ? 'activos' : 'inactivos';

  let body;
  if (isPending) body = <CardsSkeleton />;
  else if (isError)
    body = (
      <Alert variant="destructive" role="alert">
        <AlertTitle>Error al cargar pacientes</AlertTitle>
        <AlertDescription className="flex flex-wrap items-center gap-3">
          {errorMessage(error)}
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            <RefreshCwIcon aria-hidden />
            Reintentar
          </Button>
        </AlertDescription>
      </Alert>
    );
  else if (data.patients.length === 0) body = <EmptyState status={d.status} filtered={d.filtered} />;
  else
    body = (
      <>
        <div className={GRID} aria-busy={isPlaceholderData} data-testid="patients-grid">
          {data.patients.map((p) => (
            <PatientCard key={p.id} patient={p} timezone={timezone} actions={actions} />
          ))}
        </div>
        <PatientsPagination
          page={d.page}
          totalPages={data.pagination.total_pages}
          onPageChange={(n) => {
            d.setPage(n);
            document.getElementById('contenido')?.scrollTo?.({ top: 0 });
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
          disabled={isPlaceholderData}
        />
      </>
    );

  return (
    <Tabs value={d.status} onValueChange={(v) => d.setStatus(v as PatientStatus)}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <TabsList aria-label="Estado de los pacientes">
          <TabsTrigger value="Activo">Activos ({label(counts?.active, counts?.exact.active)})</TabsTrigger>
          <TabsTrigger value="Inactivo">
            Inactivos ({label(counts?.inactive, counts?.exact.inactive)})
          </TabsTrigger>
        </TabsList>
        {data && !isError && (
          <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="patients-count">
            Mostrando {data.patients.length.toLocaleString('es-CO')} de{' '}
            {label(data.pagination.total, data.pagination.exact)} pacientes {word}
            {d.filtered ? ' (filtrados)' : ''}
            {data.pagination.exact ? '' : ' · afina la búsqueda para ver el resto'}
          </p>
        )}
      </div>
      <TabsContent value="Activo">{d.status === 'Activo' && body}</TabsContent>
      <TabsContent value="Inactivo">{d.status === 'Inactivo' && body}</TabsContent>
    </Tabs>
  );
}

import { FileCheck2Icon, Trash2Icon } from 'lucide-react';
import { formatDate } from '@ips/shared/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import {
  useDeleteAuthorization,
  useEpsAuthorizations,
  type EpsAuthorization,
} from '@/features/resources/api/eps-authorizations';
import { DeleteDialog } from '@/features/resources/components/shared/delete-dialog';
import { EmptyState, ListSkeleton, LoadError } from '@/components/list-states';
import { TabSection } from '@/features/resources/components/shared/tab-section';
import { useDeleteFlow } from '@/features/resources/components/shared/use-delete-flow';
import { notifyError } from '@/lib/notify';
import { usePaged } from '@/features/resources/lib/use-paged';

interface Props {
  canManage: boolean;
  epsId: number | null;
  locationId: number | null;
}

/** The authorizations on record, narrowed to the chosen EPS and/or location. */
export function AuthorizationsTable({ canManage, epsId, locationId }: Props) {
  const list = useEpsAuthorizations({ epsId: epsId ?? undefined, locationId: locationId ?? undefined });
  const rows = (list.data ?? [])
    .slice()
    .sort(
      (a, b) =>
        a.eps_name.localeCompare(b.eps_name, 'es') ||
        a.location_name.localeCompare(b.location_name, 'es') ||
        a.specialty_name.localeCompare(b.specialty_name, 'es'),
    );
  const paged = usePaged(rows, 10);
  const remove = useDeleteFlow<EpsAuthorization>(useDeleteAuthorization(), {
    success: () => 'Autorización eliminada',
    onError: (err) => notifyError(err, 'No se pudo eliminar la autorización'),
  });

  return (
    <TabSection
      id="authorizations-list"
      title="Autorizaciones registradas"
      description={
        epsId || locationId ? 'Filtradas por la EPS y la sede elegidas.' : 'Todas las EPS y sedes.'
      }
    >
      {list.isPending ? (
        <ListSkeleton rows={4} label="Cargando autorizaciones" />
      ) : list.isError ? (
        <LoadError
          title="No se pudieron cargar los datos"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState icon={FileCheck2Icon} title="No hay autorizaciones registradas" />
      ) : (
        <>
          <Table aria-label="Autorizaciones registradas">
            <TableHeader>
              <TableRow>
                <TableHead>EPS</TableHead>
                <TableHead className="hidden sm:table-cell">Especialidad</TableHead>
                <TableHead className="hidden md:table-cell">Sede</TableHead>
                <TableHead className="hidden sm:table-cell">Desde</TableHead>
                <TableHead>Vigencia</TableHead>
                {canManage && (
                  <TableHead className="w-12">
                    <span className="sr-only">Acciones</span>
                  </TableHead>
                )}
              </TableRow>
            </TableHeader>
            <TableBody>
              {paged.rows.map((a) => (
                <TableRow key={a.id}>
                  <TableCell className="sm:min-w-40">
                    <span className="block font-medium">{a.eps_name}</span>
                    <span className="block text-xs sm:hidden">{a.specialty_name}</span>
                    <span className="block text-xs text-muted-foreground md:hidden">{a.location_name}</span>
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">{a.specialty_name}</TableCell>
                  <TableCell className="hidden md:table-cell">{a.location_name}</TableCell>
                  <TableCell className="hidden whitespace-nowrap tabular-nums sm:table-cell">
                    {a.authorization_date ? formatDate(a.authorization_date) : '—'}
                  </TableCell>
                  <TableCell>
                    {a.is_currently_valid ? (
                      <Badge variant="success">Vigente</Badge>
                    ) : (
                      <Badge variant="secondary">{a.authorized ? 'No vigente' : 'Revocada'}</Badge>
                    )}
                  </TableCell>
                  {canManage && (
                    <TableCell>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8 text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
                        onClick={() => remove.ask(a)}
                        aria-label={`Eliminar autorización de ${a.eps_name} para ${a.specialty_name} en ${a.location_name}`}
                      >
                        <Trash2Icon aria-hidden />
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pagination {...paged} onPageChange={paged.setPage} itemLabel="autorizaciones" />
        </>
      )}
      <DeleteDialog
        {...remove.dialog}
        title="¿Eliminar autorización?"
        description={
          remove.target && (
            <>
              {remove.target.eps_name} dejará de tener autorizada {remove.target.specialty_name} en{' '}
              {remove.target.location_name}.
            </>
          )
        }
      />
    </TabSection>
  );
}

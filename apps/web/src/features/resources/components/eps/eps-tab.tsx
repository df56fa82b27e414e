import { useMemo, useState } from 'react';
import { PlusIcon, ShieldCheckIcon } from 'lucide-react';
import { formatDate } from '@ips/shared/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useDeleteEps, useEpsList, useSaveEps, type Eps } from '@/features/resources/api/eps';
import { EpsFormDialog } from '@/features/resources/components/eps/eps-form-dialog';
import { DeleteDialog } from '@/features/resources/components/shared/delete-dialog';
import { EmptyState, ListSkeleton, LoadError } from '@/components/list-states';
import { RowActions } from '@/features/resources/components/shared/row-actions';
import { SearchInput } from '@/components/search-input';
import { StatusSwitch } from '@/features/resources/components/shared/status-switch';
import { TabSection } from '@/features/resources/components/shared/tab-section';
import { useDeleteFlow } from '@/features/resources/components/shared/use-delete-flow';
import { notifyError, notifySuccess } from '@/lib/notify';
import { byName, matches } from '@/lib/search';

export function EpsTab({ canManage }: { canManage: boolean }) {
  const eps = useEpsList();
  const save = useSaveEps();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<{ key: number; item?: Eps } | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);
  const remove = useDeleteFlow<Eps>(useDeleteEps(), {
    success: () => 'EPS eliminada',
    onError: (err) => notifyError(err, 'No se pudo eliminar'),
  });
  const filtered = useMemo(
    () => (eps.data ?? []).filter((e) => matches(query, e.name, e.code, e.affiliation_type)).sort(byName),
    [eps.data, query],
  );

  function toggle(e: Eps, active: boolean) {
    setToggling(e.id);
    save.mutate(
      { id: e.id, body: { status: active ? 'active' : 'inactive' } },
      {
        onSuccess: () => notifySuccess('Estado actualizado'),
        onError: (err) => notifyError(err, 'No se pudo cambiar el estado'),
        onSettled: () => setToggling(null),
      },
    );
  }

  const total = eps.data?.length ?? 0;
  const withAgreement = eps.data?.filter((e) => e.has_agreement).length ?? 0;
  return (
    <TabSection
      id="eps"
      title="EPS"
      description={
        eps.isSuccess
          ? `${total} EPS registradas · ${withAgreement} con convenio`
          : 'Entidades promotoras de salud y sus convenios.'
      }
      actions={
        canManage && (
          <Button onClick={() => setEditing({ key: Date.now() })}>
            <PlusIcon aria-hidden />
            Nueva EPS
          </Button>
        )
      }
      toolbar={<SearchInput value={query} onChange={setQuery} label="Buscar por nombre o código" />}
    >
      {eps.isPending ? (
        <ListSkeleton label="Cargando EPS" />
      ) : eps.isError ? (
        <LoadError
          title="No se pudieron cargar los datos"
          error={eps.error}
          onRetry={() => void eps.refetch()}
        />
      ) : filtered.length === 0 ? (
        <EmptyState
          icon={ShieldCheckIcon}
          title={query ? 'Ninguna EPS coincide con la búsqueda' : 'Aún no hay EPS'}
        />
      ) : (
        <Table aria-label="EPS">
          <TableHeader>
            <TableRow>
              <TableHead>EPS</TableHead>
              <TableHead className="hidden md:table-cell">Régimen</TableHead>
              <TableHead className="hidden sm:table-cell">Convenio</TableHead>
              <TableHead>Estado</TableHead>
              {canManage && (
                <TableHead className="w-12">
                  <span className="sr-only">Acciones</span>
                </TableHead>
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {filtered.map((e) => (
              <TableRow key={e.id}>
                <TableCell className="sm:min-w-48">
                  <span className="block font-medium">{e.name}</span>
                  <span className="block font-mono text-xs text-muted-foreground">{e.code}</span>
                  <span className="block text-xs text-muted-foreground sm:hidden">
                    {e.has_agreement
                      ? `Con convenio${e.agreement_date ? ` desde ${formatDate(e.agreement_date)}` : ''}`
                      : 'Sin convenio'}
                  </span>
                </TableCell>
                <TableCell className="hidden text-sm md:table-cell">{e.affiliation_type ?? '—'}</TableCell>
                <TableCell className="hidden whitespace-nowrap sm:table-cell">
                  {e.has_agreement ? (
                    <>
                      <Badge variant="success">Con convenio</Badge>
                      {e.agreement_date && (
                        <span className="mt-1 block text-xs text-muted-foreground">
                          Desde {formatDate(e.agreement_date)}
                        </span>
                      )}
                    </>
                  ) : (
                    <span className="text-sm text-muted-foreground">Sin convenio</span>
                  )}
                </TableCell>
                <TableCell>
                  <StatusSwitch
                    active={e.status === 'active'}
                    name={e.name}
                    canManage={canManage}
                    pending={toggling === e.id}
                    onChange={(active) => toggle(e, active)}
                    activeLabel="Activa"
                    inactiveLabel="Inactiva"
                  />
                </TableCell>
                {canManage && (
                  <TableCell>
                    <RowActions
                      name={e.name}
                      onEdit={() => setEditing({ key: Date.now(), item: e })}
                      onDelete={() => remove.ask(e)}
                    />
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing && (
        <EpsFormDialog
          key={editing.key}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          eps={editing.item}
        />
      )}
      <DeleteDialog
        {...remove.dialog}
        title="¿Eliminar EPS?"
        description={
          <>
            Se eliminará <strong className="text-foreground">{remove.target?.name}</strong> junto con sus
            autorizaciones por especialidad y sede. Si solo dejó de trabajar con la IPS, puede desactivarla.
          </>
        }
      />
    </TabSection>
  );
}

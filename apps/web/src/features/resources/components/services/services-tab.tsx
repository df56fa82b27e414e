import { useMemo, useState } from 'react';
import { PlusIcon, ReceiptTextIcon } from 'lucide-react';
import { countOf, formatMoney } from '@ips/shared/format';
import { SERVICE_CATEGORIES } from '@ips/shared/schemas/resources-services';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import {
  useDeleteService,
  useSaveService,
  useServices,
  type Service,
} from '@/features/resources/api/services';
import { ServiceFormDialog } from '@/features/resources/components/services/service-form-dialog';
import { SERVICE_CATEGORY_LABELS } from '@/features/resources/components/services/service-labels';
import { DeleteDialog } from '@/features/resources/components/shared/delete-dialog';
import { EmptyState, ListSkeleton, LoadError } from '@/components/list-states';
import { RowActions } from '@/features/resources/components/shared/row-actions';
import { SearchInput } from '@/components/search-input';
import { StatusSwitch } from '@/features/resources/components/shared/status-switch';
import { TabSection } from '@/features/resources/components/shared/tab-section';
import { useDeleteFlow } from '@/features/resources/components/shared/use-delete-flow';
import { notifyServiceError, notifySuccess } from '@/lib/notify';
import { byName, matches } from '@/lib/search';
import { usePaged } from '@/features/resources/lib/use-paged';

/** Spec part 2 §9: the service list pages by 25. */
const PAGE_SIZE = 25;
const ALL = 'all';

export function ServicesTab({ canManage }: { canManage: boolean }) {
  const services = useServices();
  const save = useSaveService();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState(ALL);
  const [editing, setEditing] = useState<{ key: number; item?: Service } | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);
  const remove = useDeleteFlow<Service>(useDeleteService(), {
    success: () => 'Servicio eliminado',
    onError: (err) => notifyServiceError(err, 'Error eliminando'),
  });
  const filtered = useMemo(
    () =>
      (services.data ?? [])
        .filter((s) => (category === ALL || s.category === category) && matches(query, s.name, s.description))
        .sort(byName),
    [services.data, query, category],
  );
  const paged = usePaged(filtered, PAGE_SIZE);

  function toggle(s: Service, active: boolean) {
    setToggling(s.id);
    save.mutate(
      { id: s.id, body: { active } },
      {
        onSuccess: () => notifySuccess('Estado actualizado'),
        onError: (err) => notifyServiceError(err, 'Error cambiando estado'),
        onSettled: () => setToggling(null),
      },
    );
  }

  const total = services.data?.length ?? 0;
  return (
    <TabSection
      id="services"
      title="Servicios"
      description={
        services.isSuccess
          ? countOf(total, 'servicio registrado', 'servicios registrados')
          : 'Servicios facturables y sus precios base.'
      }
      actions={
        canManage && (
          <Button onClick={() => setEditing({ key: Date.now() })}>
            <PlusIcon aria-hidden />
            Nuevo servicio
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
            label="Buscar servicio"
          />
          <Select
            value={category}
            onValueChange={(v) => {
              setCategory(v);
              paged.setPage(1);
            }}
          >
            <SelectTrigger className="sm:w-52 sm:shrink-0" aria-label="Filtrar por categoría">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>Todas las categorías</SelectItem>
              {SERVICE_CATEGORIES.map((c) => (
                <SelectItem key={c} value={c}>
                  {SERVICE_CATEGORY_LABELS[c]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </>
      }
    >
      {services.isPending ? (
        <ListSkeleton label="Cargando servicios" />
      ) : services.isError ? (
        <LoadError
          title="No se pudieron cargar los datos"
          error={services.error}
          onRetry={() => void services.refetch()}
        />
      ) : filtered.length === 0 ? (
        <EmptyState
          icon={ReceiptTextIcon}
          title={
            query || category !== ALL ? 'Ningún servicio coincide con los filtros' : 'Aún no hay servicios'
          }
        />
      ) : (
        <>
          <Table aria-label="Servicios">
            <TableHeader>
              <TableRow>
                <TableHead>Servicio</TableHead>
                <TableHead className="hidden sm:table-cell">Categoría</TableHead>
                <TableHead className="hidden text-right sm:table-cell">Precio base</TableHead>
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
                  <TableCell className="sm:min-w-44">
                    <span className="block font-medium">{s.name}</span>
                    {s.description && (
                      <span className="block text-xs text-muted-foreground">{s.description}</span>
                    )}
                    <span className="block text-xs text-muted-foreground sm:hidden">
                      {SERVICE_CATEGORY_LABELS[s.category]} · {formatMoney(s.base_price, s.currency)}
                    </span>
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">
                    <Badge variant="outline">{SERVICE_CATEGORY_LABELS[s.category]}</Badge>
                  </TableCell>
                  <TableCell className="hidden text-right whitespace-nowrap tabular-nums sm:table-cell">
                    {formatMoney(s.base_price, s.currency)}
                    {s.currency !== 'COP' && (
                      <span className="block text-xs text-muted-foreground">{s.currency}</span>
                    )}
                  </TableCell>
                  <TableCell>
                    <StatusSwitch
                      active={s.active}
                      name={s.name}
                      canManage={canManage}
                      pending={toggling === s.id}
                      onChange={(active) => toggle(s, active)}
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
          <Pagination {...paged} onPageChange={paged.setPage} itemLabel="servicios" itemOne="servicio" />
        </>
      )}
      {editing && (
        <ServiceFormDialog
          key={editing.key}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          service={editing.item}
        />
      )}
      <DeleteDialog
        {...remove.dialog}
        title="¿Eliminar servicio?"
        description={
          <>
            Se eliminará <strong className="text-foreground">{remove.target?.name}</strong>. Si tiene
            facturación asociada no se podrá eliminar; en ese caso puede desactivarlo.
          </>
        }
      />
    </TabSection>
  );
}

import { useState } from 'react';
import { FileSpreadsheetIcon, ListChecksIcon, PlusIcon } from 'lucide-react';
import { formatMoney } from '@ips/shared/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import {
  FALLBACK_CUPS_CATEGORIES,
  useCupsCategories,
  useCupsPage,
  useDeleteCups,
  useSaveCups,
  type Cups,
} from '@/features/resources/api/cups';
import { CUPS_PAGE_SIZE, type CupsFilters } from '@/lib/cups-query';
import { CupsFormDialog } from '@/features/resources/components/cups/cups-form-dialog';
import { CupsImportDialog } from '@/features/resources/components/cups/cups-import-dialog';
import { CupsStats } from '@/features/resources/components/cups/cups-stats';
import { DeleteDialog } from '@/features/resources/components/shared/delete-dialog';
import { EmptyState, ListSkeleton, LoadError } from '@/components/list-states';
import { RowActions } from '@/features/resources/components/shared/row-actions';
import { SearchInput } from '@/components/search-input';
import { StatusSwitch } from '@/features/resources/components/shared/status-switch';
import { TabSection } from '@/features/resources/components/shared/tab-section';
import { useDeleteFlow } from '@/features/resources/components/shared/use-delete-flow';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDebounced } from '@/lib/use-debounced';

const ALL = 'all';

export function CupsTab({ canManage }: { canManage: boolean }) {
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Omit<CupsFilters, 'search'>>({ page: 1, category: '', status: '' });
  const debounced = useDebounced(search, 300);
  const page = useCupsPage({ ...filters, search: debounced });
  const categoriesQuery = useCupsCategories();
  const save = useSaveCups();
  const [editing, setEditing] = useState<{ key: number; item?: Cups } | null>(null);
  const [importing, setImporting] = useState(0);
  const [toggling, setToggling] = useState<number | null>(null);
  const remove = useDeleteFlow<Cups>(useDeleteCups(), {
    success: () => 'Código CUPS eliminado',
    onError: (err) => notifyError(err, 'No se pudo eliminar'),
  });
  const categories = categoriesQuery.data?.length ? categoriesQuery.data : [...FALLBACK_CUPS_CATEGORIES];
  const setFilter = (patch: Partial<typeof filters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));

  function toggle(c: Cups, active: boolean) {
    setToggling(c.id);
    save.mutate(
      { id: c.id, body: { code: c.code, status: active ? 'Activo' : 'Inactivo' } },
      {
        onSuccess: () => notifySuccess('Estado actualizado'),
        onError: (err) => notifyError(err, 'No se pudo cambiar el estado'),
        onSettled: () => setToggling(null),
      },
    );
  }

  const data = page.data;
  const filtered = debounced.trim() !== '' || filters.category !== '' || filters.status !== '';
  return (
    <TabSection
      id="cups"
      title="Códigos CUPS"
      description="Procedimientos en salud con su precio y si requieren autorización de la EPS."
      actions={
        canManage && (
          <>
            <Button variant="outline" onClick={() => setImporting(Date.now())}>
              <FileSpreadsheetIcon aria-hidden />
              Importar CSV
            </Button>
            <Button onClick={() => setEditing({ key: Date.now() })}>
              <PlusIcon aria-hidden />
              Nuevo código
            </Button>
          </>
        )
      }
      toolbar={
        <>
          <SearchInput
            value={search}
            onChange={(v) => {
              setSearch(v);
              setFilter({});
            }}
            label="Buscar por código o nombre"
          />
          <Select
            value={filters.category || ALL}
            onValueChange={(v) => setFilter({ category: v === ALL ? '' : v })}
          >
            <SelectTrigger className="sm:w-52 sm:shrink-0" aria-label="Filtrar por categoría">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>Todas las categorías</SelectItem>
              {categories.map((c) => (
                <SelectItem key={c} value={c}>
                  {c}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select
            value={filters.status || ALL}
            onValueChange={(v) => setFilter({ status: v === ALL ? '' : (v as CupsFilters['status']) })}
          >
            <SelectTrigger className="sm:w-44 sm:shrink-0" aria-label="Filtrar por estado">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>Todos los estados</SelectItem>
              <SelectItem value="Activo">Activos</SelectItem>
              <SelectItem value="Inactivo">Inactivos</SelectItem>
            </SelectContent>
          </Select>
        </>
      }
    >
      <CupsStats />
      {page.isPending ? (
        <ListSkeleton label="Cargando códigos CUPS" />
      ) : page.isError ? (
        <LoadError
          title="No se pudieron cargar los datos"
          error={page.error}
          onRetry={() => void page.refetch()}
        />
      ) : !data || data.cups.length === 0 ? (
        <EmptyState
          icon={ListChecksIcon}
          title={filtered ? 'Ningún código coincide con los filtros' : 'Aún no hay códigos CUPS'}
          description={
            filtered ? 'Ajuste la búsqueda, la categoría o el estado.' : 'Créelos uno a uno o importe un CSV.'
          }
        />
      ) : (
        <>
          <Table aria-label="Códigos CUPS" aria-busy={page.isFetching}>
            <TableHeader>
              <TableRow>
                <TableHead className="hidden sm:table-cell">Código</TableHead>
                <TableHead>Procedimiento</TableHead>
                <TableHead className="hidden md:table-cell">Categoría</TableHead>
                <TableHead className="hidden text-right sm:table-cell">Precio</TableHead>
                <TableHead className="hidden lg:table-cell">Autorización</TableHead>
                <TableHead>Estado</TableHead>
                {canManage && (
                  <TableHead className="w-12">
                    <span className="sr-only">Acciones</span>
                  </TableHead>
                )}
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.cups.map((c) => (
                <TableRow key={c.id}>
                  <TableCell className="hidden font-mono text-sm sm:table-cell">{c.code}</TableCell>
                  <TableCell className="sm:min-w-56">
                    <span className="block font-mono text-xs text-muted-foreground sm:hidden">{c.code}</span>
                    <span className="block">{c.name}</span>
                    <span className="block text-xs text-muted-foreground md:hidden">
                      {[c.category, formatMoney(c.price)].filter(Boolean).join(' · ')}
                    </span>
                  </TableCell>
                  <TableCell className="hidden text-sm md:table-cell">{c.category ?? '—'}</TableCell>
                  <TableCell className="hidden text-right whitespace-nowrap tabular-nums sm:table-cell">
                    {formatMoney(c.price)}
                  </TableCell>
                  <TableCell className="hidden lg:table-cell">
                    {c.requires_authorization ? (
                      <Badge variant="warning">Requiere</Badge>
                    ) : (
                      <span className="text-sm text-muted-foreground">No</span>
                    )}
                  </TableCell>
                  <TableCell>
                    <StatusSwitch
                      active={c.status === 'Activo'}
                      name={`CUPS ${c.code}`}
                      canManage={canManage}
                      pending={toggling === c.id}
                      onChange={(active) => toggle(c, active)}
                    />
                  </TableCell>
                  {canManage && (
                    <TableCell>
                      <RowActions
                        name={`CUPS ${c.code}`}
                        onEdit={() => setEditing({ key: Date.now(), item: c })}
                        onDelete={() => remove.ask(c)}
                      />
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pagination
            page={data.pagination.page}
            pageCount={data.pagination.total_pages}
            total={data.pagination.total}
            pageSize={CUPS_PAGE_SIZE}
            onPageChange={(p) => setFilters((f) => ({ ...f, page: p }))}
            itemLabel="códigos"
          />
        </>
      )}
      {editing && (
        <CupsFormDialog
          key={editing.key}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          cups={editing.item}
          categories={categories}
        />
      )}
      {importing > 0 && (
        <CupsImportDialog key={importing} open onOpenChange={(open) => !open && setImporting(0)} />
      )}
      <DeleteDialog
        {...remove.dialog}
        title="¿Eliminar código CUPS?"
        description={
          <>
            Se eliminará el código{' '}
            <strong className="font-mono text-foreground">{remove.target?.code}</strong> (
            {remove.target?.name}). Si ya no se usa, también puede desactivarlo.
          </>
        }
      />
    </TabSection>
  );
}

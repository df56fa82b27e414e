import { useState } from 'react';
import { toast } from 'sonner';
import { CheckCircle2Icon, DownloadIcon, ListChecksIcon, StampIcon } from 'lucide-react';
import { countOf, formatDateTime } from '@ips/shared/format';
import type { RipsPackageDto } from '@ips/shared/schemas/rips';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/error-toast';
import { PACKAGES_PAGE, downloadUrl, useMarkReady, usePackages } from '@/features/rips/api/rips';
import { CuvDialog } from '@/features/rips/components/cuv-dialog';

const dmy = (d: string) => d.split('-').reverse().join('/');

/**
 * The history: who built each package and when, its period, invoice, counts, checksum, status and CUV. Below 2xl
 * the counts go under the period and the checksum under the date, so that Acciones fits beside the sidebar.
 */
export function PackagesTable({
  selected,
  onSelect,
}: {
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  const [page, setPage] = useState(1);
  const list = usePackages(page);
  const ready = useMarkReady();
  const [cuvFor, setCuvFor] = useState<RipsPackageDto | null>(null);
  const items = list.data?.items ?? [];
  return (
    <div className="space-y-3">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Generado</TableHead>
            <TableHead>Factura</TableHead>
            <TableHead>Periodo</TableHead>
            <TableHead className="hidden text-right 2xl:table-cell">Usuarios</TableHead>
            <TableHead className="hidden text-right 2xl:table-cell">Consultas</TableHead>
            <TableHead className="text-right">Problemas</TableHead>
            <TableHead>Estado</TableHead>
            <TableHead className="hidden 2xl:table-cell">SHA-256</TableHead>
            <TableHead>CUV</TableHead>
            <TableHead className="text-right">Acciones</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.length === 0 && (
            <TableRow>
              <TableCell colSpan={10} className="text-center text-muted-foreground">
                {list.isLoading ? 'Cargando…' : 'Aún no se ha generado ningún paquete'}
              </TableCell>
            </TableRow>
          )}
          {items.map((p) => (
            <TableRow key={p.id} data-state={p.id === selected ? 'selected' : undefined}>
              <TableCell className="whitespace-nowrap">
                {formatDateTime(p.created_at)}
                <div className="text-xs text-muted-foreground">{p.created_by ?? '—'}</div>
                <div className="font-mono text-xs text-muted-foreground 2xl:hidden" title={p.checksum}>
                  SHA-256 {p.checksum.slice(0, 8)}…
                </div>
              </TableCell>
              <TableCell>{p.invoice_number ?? <Badge variant="outline">RS sin factura</Badge>}</TableCell>
              <TableCell className="whitespace-nowrap">
                {dmy(p.from)} – {dmy(p.to)}
                {p.eps_name && <div className="text-xs text-muted-foreground">{p.eps_name}</div>}
                <div className="text-xs text-muted-foreground 2xl:hidden">
                  {countOf(p.users_count, 'usuario')} · {countOf(p.services_count, 'consulta')}
                </div>
              </TableCell>
              <TableCell className="hidden text-right 2xl:table-cell">
                {p.users_count.toLocaleString('es-CO')}
              </TableCell>
              <TableCell className="hidden text-right 2xl:table-cell">
                {p.services_count.toLocaleString('es-CO')}
              </TableCell>
              <TableCell className="text-right">
                {p.problems_count ? (
                  <span className="font-medium text-destructive">
                    {p.problems_count.toLocaleString('es-CO')}
                  </span>
                ) : (
                  0
                )}
              </TableCell>
              <TableCell>
                <Badge variant={p.status === 'lista' ? 'default' : 'secondary'}>
                  {p.status === 'lista' ? 'Lista' : 'Borrador'}
                </Badge>
              </TableCell>
              <TableCell className="hidden font-mono text-xs 2xl:table-cell" title={p.checksum}>
                {p.checksum.slice(0, 8)}…
              </TableCell>
              <TableCell className="text-xs">
                {p.cuv ? (
                  <span title={p.cuv}>
                    {p.cuv.slice(0, 10)}… ({p.cuv_date})
                  </span>
                ) : (
                  '—'
                )}
              </TableCell>
              <TableCell>
                <div className="flex flex-wrap justify-end gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onSelect(p.id)}
                    aria-label={`Ver problemas del paquete ${p.id}`}
                  >
                    <ListChecksIcon aria-hidden /> Problemas
                  </Button>
                  <Button size="sm" variant="ghost" asChild>
                    <a href={downloadUrl(p.id)} download aria-label={`Descargar JSON del paquete ${p.id}`}>
                      <DownloadIcon aria-hidden /> {p.status === 'lista' ? 'JSON' : 'Vista previa'}
                    </a>
                  </Button>
                  {p.status === 'borrador' && (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={p.problems_count > 0 || ready.isPending}
                      title={
                        p.problems_count > 0
                          ? 'Corrija los problemas y genere el paquete de nuevo'
                          : undefined
                      }
                      onClick={() =>
                        ready.mutate(p.id, {
                          onSuccess: () => toast.success('Paquete marcado como listo'),
                          onError: (err) =>
                            toast.error('No se pudo marcar listo', { description: errorMessage(err) }),
                        })
                      }
                    >
                      <CheckCircle2Icon aria-hidden /> Marcar listo
                    </Button>
                  )}
                  {p.status === 'lista' && (
                    <Button size="sm" variant="outline" onClick={() => setCuvFor(p)}>
                      <StampIcon aria-hidden /> {p.cuv ? 'Cambiar CUV' : 'Registrar CUV'}
                    </Button>
                  )}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pagination
        page={page}
        pageCount={Math.max(1, Math.ceil((list.data?.total ?? 0) / PACKAGES_PAGE))}
        total={list.data?.total ?? 0}
        pageSize={PACKAGES_PAGE}
        onPageChange={setPage}
        itemLabel="paquetes"
        itemOne="paquete"
      />
      <CuvDialog pkg={cuvFor} onClose={() => setCuvFor(null)} />
    </div>
  );
}

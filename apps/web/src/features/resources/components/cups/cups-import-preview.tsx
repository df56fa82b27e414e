import { countOf } from '@ips/shared/format';
import type { CupsImportResult } from '@/features/resources/api/cups';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';

type Action = CupsImportResult['lines'][number]['action'];

export const ACTION_LABELS: Record<Action, string> = {
  create: 'Crear',
  update: 'Actualizar',
  unchanged: 'Sin cambios',
  reject: 'Rechazada',
};

const ACTION_VARIANTS: Record<Action, BadgeProps['variant']> = {
  create: 'success',
  update: 'default',
  unchanged: 'secondary',
  reject: 'destructive',
};

const FIELD_LABELS: Record<string, string> = {
  name: 'nombre',
  category: 'categoría',
  price: 'precio',
  requires_authorization: 'autorización',
  description: 'descripción',
  status: 'estado',
};

/** Lines beyond this are summarised, not drawn (the Ministry's full table has ~10.000). */
const MAX_ROWS = 500;

const SUMMARY_LABELS: Record<Action, string> = {
  create: 'Por crear',
  update: 'Por actualizar',
  unchanged: 'Sin cambios',
  reject: 'Rechazadas',
};

export function CupsImportSummary({ summary }: { summary: CupsImportResult['summary'] }) {
  const items: [Action, number][] = [
    ['create', summary.create],
    ['update', summary.update],
    ['unchanged', summary.unchanged],
    ['reject', summary.reject],
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Resumen de la importación">
      {items.map(([action, n]) => (
        <div
          key={action}
          className={cn(
            'rounded-lg border px-3 py-2',
            action === 'reject' && n > 0 && 'border-destructive/30 bg-destructive/5',
          )}
        >
          <dt className="text-xs text-muted-foreground">{SUMMARY_LABELS[action]}</dt>
          <dd
            className={cn(
              'text-xl font-semibold tabular-nums',
              action === 'reject' && n > 0 && 'text-destructive',
            )}
          >
            {n}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function detailOf(line: CupsImportResult['lines'][number]): string {
  if (line.action === 'reject') return line.reason ?? 'Línea inválida';
  if (line.action === 'update' && line.changes?.length)
    return `Cambia: ${line.changes.map((c) => FIELD_LABELS[c] ?? c).join(', ')}`;
  if (line.action === 'create') return 'Código nuevo';
  return 'Igual al catálogo';
}

export function CupsImportLines({ lines }: { lines: CupsImportResult['lines'] }) {
  // Rejected lines first: they are what the user has to fix.
  const sorted = [...lines].sort(
    (a, b) => Number(b.action === 'reject') - Number(a.action === 'reject') || a.line - b.line,
  );
  const shown = sorted.slice(0, MAX_ROWS);
  return (
    <div className="rounded-lg border">
      <div className="max-h-80 overflow-y-auto">
        <Table aria-label="Vista previa por línea">
          <TableHeader className="sticky top-0 z-10 bg-card">
            <TableRow>
              <TableHead className="w-16 text-right">Línea</TableHead>
              <TableHead className="hidden sm:table-cell">Código</TableHead>
              <TableHead className="hidden sm:table-cell">Nombre</TableHead>
              <TableHead>Acción</TableHead>
              <TableHead>Detalle</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((l) => (
              <TableRow key={l.line} className={cn(l.action === 'reject' && 'bg-destructive/5')}>
                <TableCell className="text-right tabular-nums">{l.line}</TableCell>
                <TableCell className="hidden font-mono text-xs sm:table-cell">{l.code || '—'}</TableCell>
                <TableCell
                  className="hidden max-w-56 truncate text-sm sm:table-cell"
                  title={l.name ?? undefined}
                >
                  {l.name || '—'}
                </TableCell>
                <TableCell>
                  <Badge variant={ACTION_VARIANTS[l.action]}>{ACTION_LABELS[l.action]}</Badge>
                  <span className="mt-1 block font-mono text-xs text-muted-foreground sm:hidden">
                    {l.code || '—'}
                  </span>
                </TableCell>
                <TableCell className={cn('text-sm sm:min-w-48', l.action === 'reject' && 'text-destructive')}>
                  {detailOf(l)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {sorted.length > MAX_ROWS && (
        <p className="border-t px-3 py-2 text-xs text-muted-foreground">
          Se muestran {MAX_ROWS} de {countOf(sorted.length, 'línea')} (primero las rechazadas).
        </p>
      )}
    </div>
  );
}

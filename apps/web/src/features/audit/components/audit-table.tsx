import type { AuditEntryDto } from '@ips/shared/schemas/audit';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import {
  actorLabel,
  auditActionLabel,
  auditRecordLabel,
  auditTableLabel,
  localStamp,
  roleLabel,
} from '../utils/labels';

const ACTION_TONE: Record<string, string> = {
  create: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  delete: 'border-red-200 bg-red-50 text-red-800',
  hard_delete: 'border-red-200 bg-red-50 text-red-800',
  cancel: 'border-amber-200 bg-amber-50 text-amber-800',
  auto_cancel: 'border-amber-200 bg-amber-50 text-amber-800',
};

export function ActionBadge({ action }: { action: string }) {
  return (
    <Badge variant="outline" className={cn('font-normal', ACTION_TONE[action])}>
      {auditActionLabel(action)}
    </Badge>
  );
}

/** A record's id; a setting by its Spanish name, with its key below for whoever searches by it. */
function RecordCell({ table, id }: { table: string; id: string }) {
  const label = auditRecordLabel(table, id);
  if (label === id) return <span className="font-mono text-xs">{id}</span>;
  return (
    <>
      <span className="text-sm">{label}</span>
      <span className="block font-mono text-[11px] text-muted-foreground">{id}</span>
    </>
  );
}

/** The page of changes: when, who, table, record, action; a row opens its detail. */
export function AuditTable({
  rows,
  busy,
  onOpen,
}: {
  rows: AuditEntryDto[];
  busy: boolean;
  onOpen: (id: number) => void;
}) {
  return (
    <div className={cn('overflow-x-auto rounded-lg border bg-card', busy && 'opacity-60')} aria-busy={busy}>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="md:w-44">Fecha</TableHead>
            <TableHead className="hidden md:table-cell">Usuario</TableHead>
            <TableHead className="hidden md:table-cell">Tabla</TableHead>
            <TableHead className="hidden md:table-cell">Registro</TableHead>
            <TableHead>Acción</TableHead>
            <TableHead className="w-24 text-right">
              <span className="sr-only">Detalle</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id} data-testid="audit-row">
              <TableCell>
                <span className="whitespace-nowrap tabular-nums">{localStamp(r.created_at)}</span>
                {/* On a phone the row is one block: when, who, what. */}
                <div className="mt-1 text-xs text-muted-foreground md:hidden">
                  <div className="font-medium text-foreground">{actorLabel(r)}</div>
                  {auditTableLabel(r.table_name)} · {auditRecordLabel(r.table_name, r.record_id)}
                </div>
              </TableCell>
              <TableCell className="hidden md:table-cell">
                <div className="font-medium">{actorLabel(r)}</div>
                {r.user_role && <div className="text-xs text-muted-foreground">{roleLabel(r.user_role)}</div>}
              </TableCell>
              <TableCell className="hidden md:table-cell">{auditTableLabel(r.table_name)}</TableCell>
              <TableCell className="hidden md:table-cell">
                <RecordCell table={r.table_name} id={r.record_id} />
              </TableCell>
              <TableCell>
                <ActionBadge action={r.action} />
              </TableCell>
              <TableCell className="text-right">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onOpen(r.id)}
                  aria-label={`Ver detalle del cambio ${r.id}`}
                >
                  Ver
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

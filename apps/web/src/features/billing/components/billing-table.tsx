import { ArrowDownIcon, ArrowUpIcon, ArrowUpDownIcon, HistoryIcon } from 'lucide-react';
import { formatDate, formatMoney, formatTime } from '@ips/shared/format';
import {
  BILLING_MESSAGES,
  BILLING_STATUSES,
  BILLING_STATUS_LABELS,
  type BillingRecord,
  type BillingSort,
  type BillingStatus,
} from '@ips/shared/schemas/billing';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { BillingStatusBadge } from '@/features/billing/components/billing-status-badge';

const COLUMNS: { sort: BillingSort; label: string; numeric?: boolean; className?: string }[] = [
  { sort: 'created_at', label: 'Fecha' },
  { sort: 'service_name', label: 'Servicio' },
  { sort: 'doctor_name', label: 'Doctor', className: 'hidden md:table-cell' },
  { sort: 'base_price', label: 'Base', numeric: true, className: 'hidden lg:table-cell' },
  // The doctor's own price for the service ('Override' in the spec's English); two lines so the table fits 1366 px.
  {
    sort: 'doctor_price',
    label: 'Tarifa del doctor',
    numeric: true,
    className: 'hidden min-w-24 whitespace-normal lg:table-cell',
  },
  { sort: 'final_price', label: 'Final', numeric: true },
  { sort: 'status', label: 'Estado' },
];

export interface SortState {
  sort: BillingSort;
  dir: 'asc' | 'desc';
}

/**
 * The detail (spec §2): sortable Fecha, Servicio, Doctor, Base, Tarifa del doctor (the spec's Override), Final,
 * Estado; Acción (the status selector) and Historial (the spec's Audit) only for admin and supervisor, a dash for
 * the others (§6).
 */
export function BillingTable({
  rows,
  sort,
  onSort,
  canManage,
  timezone,
  pendingId,
  onStatus,
  onAudit,
}: {
  rows: BillingRecord[];
  sort: SortState;
  onSort: (s: SortState) => void;
  canManage: boolean;
  timezone: string;
  pendingId: number | null;
  onStatus: (row: BillingRecord, status: BillingStatus) => void;
  onAudit: (id: number) => void;
}) {
  return (
    <Table aria-label="Detalle de facturación">
      <TableHeader>
        <TableRow>
          {COLUMNS.map((c) => {
            const active = sort.sort === c.sort;
            const Icon = active ? (sort.dir === 'asc' ? ArrowUpIcon : ArrowDownIcon) : ArrowUpDownIcon;
            return (
              <TableHead
                key={c.sort}
                className={c.className}
                aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
              >
                <button
                  type="button"
                  className={`inline-flex items-center gap-1 rounded text-left hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none ${c.numeric ? 'ml-auto' : ''}`}
                  onClick={() =>
                    onSort({
                      sort: c.sort,
                      dir:
                        active && sort.dir === 'desc'
                          ? 'asc'
                          : active
                            ? 'desc'
                            : c.sort === 'created_at' || c.numeric
                              ? 'desc'
                              : 'asc',
                    })
                  }
                >
                  {c.label}
                  <Icon className={`size-3.5 ${active ? '' : 'opacity-40'}`} aria-hidden />
                </button>
              </TableHead>
            );
          })}
          <TableHead>Acción</TableHead>
          <TableHead>Historial</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.id} data-billing-id={r.id}>
            <TableCell className="whitespace-nowrap tabular-nums">
              {formatDate(r.created_at, timezone)}
              <span className="block text-xs text-muted-foreground">
                {formatTime(r.created_at, timezone)}
              </span>
            </TableCell>
            <TableCell className="min-w-32">
              <span className={r.service_name ? 'font-medium' : 'text-muted-foreground italic'}>
                {r.service_name ?? BILLING_MESSAGES.noService}
              </span>
              <span className="block text-xs text-muted-foreground md:hidden">{r.doctor_name}</span>
            </TableCell>
            <TableCell className="hidden md:table-cell">{r.doctor_name}</TableCell>
            <TableCell className="hidden text-right tabular-nums lg:table-cell">
              {formatMoney(r.base_price, r.currency)}
            </TableCell>
            <TableCell className="hidden text-right tabular-nums lg:table-cell">
              {r.doctor_price === null ? '—' : formatMoney(r.doctor_price, r.currency)}
            </TableCell>
            <TableCell className="text-right font-medium tabular-nums">
              {formatMoney(r.final_price, r.currency)}
            </TableCell>
            <TableCell>
              <BillingStatusBadge status={r.status} />
            </TableCell>
            <TableCell>
              {canManage ? (
                <Select
                  value={r.status}
                  disabled={pendingId === r.id}
                  onValueChange={(v) => v !== r.status && onStatus(r, v as BillingStatus)}
                >
                  <SelectTrigger className="h-8 w-auto min-w-32" aria-label={`Estado del registro ${r.id}`}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {BILLING_STATUSES.map((s) => (
                      <SelectItem key={s} value={s}>
                        {BILLING_STATUS_LABELS[s]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              ) : (
                <span className="text-muted-foreground">—</span>
              )}
            </TableCell>
            <TableCell>
              {canManage ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onAudit(r.id)}
                  aria-label={`Auditoría #${r.id}`}
                >
                  <HistoryIcon aria-hidden />#{r.id}
                </Button>
              ) : (
                <span className="text-muted-foreground">—</span>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

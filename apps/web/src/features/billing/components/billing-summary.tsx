import { useState } from 'react';
import { formatDate, formatMoney } from '@ips/shared/format';
import { BILLING_LIMITS, type BillingGroup, type BillingSummaryItem } from '@ips/shared/schemas/billing';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { GROUP_LABELS } from '@/features/billing/components/billing-filters';

const count = new Intl.NumberFormat('es-CO');

/** 'YYYY-MM-DD' labels read as dd/MM/yyyy; names as they are. */
const labelOf = (group: BillingGroup, label: string) =>
  group === 'day' ? formatDate(`${label}T12:00:00Z`, 'UTC') : label;

/** The summary (spec §2): a bar for each of the first 15 labels, relative to the largest Total Final. */
export function BillingSummaryTable({ items, group }: { items: BillingSummaryItem[]; group: BillingGroup }) {
  const [all, setAll] = useState(false);
  const max = Math.max(1, ...items.slice(0, BILLING_LIMITS.summaryBars).map((i) => i.total_final));
  const shown = all ? items : items.slice(0, BILLING_LIMITS.summaryBars);
  if (items.length === 0)
    return <p className="py-6 text-center text-sm text-muted-foreground">Sin facturación en el rango.</p>;
  return (
    <div className="flex flex-col gap-2">
      <Table aria-label={`Resumen por ${GROUP_LABELS[group].toLowerCase()}`}>
        <TableHeader>
          <TableRow>
            <TableHead>{GROUP_LABELS[group]}</TableHead>
            <TableHead className="hidden w-2/5 md:table-cell">
              <span className="sr-only">Barra</span>
            </TableHead>
            <TableHead className="text-right">Facturas</TableHead>
            <TableHead className="text-right">Total Final</TableHead>
            <TableHead className="hidden text-right sm:table-cell">Base</TableHead>
            <TableHead className="hidden text-right lg:table-cell">Tarifa del doctor</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {shown.map((item, i) => (
            <TableRow key={`${item.label}-${i}`}>
              <TableCell className="max-w-56 truncate font-medium" title={item.label}>
                {labelOf(group, item.label)}
              </TableCell>
              <TableCell className="hidden md:table-cell">
                {i < BILLING_LIMITS.summaryBars && (
                  <div className="h-2.5 w-full rounded-full bg-muted" aria-hidden>
                    <div
                      className="h-2.5 rounded-full bg-primary"
                      style={{ width: `${Math.max(1, (item.total_final / max) * 100)}%` }}
                    />
                  </div>
                )}
              </TableCell>
              <TableCell className="text-right tabular-nums">{count.format(item.count_bills)}</TableCell>
              <TableCell className="text-right font-medium tabular-nums">
                {formatMoney(item.total_final)}
              </TableCell>
              <TableCell className="hidden text-right tabular-nums sm:table-cell">
                {formatMoney(item.total_base)}
              </TableCell>
              <TableCell className="hidden text-right tabular-nums lg:table-cell">
                {formatMoney(item.total_doctor_override)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {items.length > BILLING_LIMITS.summaryBars && (
        <Button variant="link" size="sm" className="self-start" onClick={() => setAll((v) => !v)}>
          {all ? `Mostrar solo los primeros ${BILLING_LIMITS.summaryBars}` : `Mostrar los ${items.length}`}
        </Button>
      )}
    </div>
  );
}

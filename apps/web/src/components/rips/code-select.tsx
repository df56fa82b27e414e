import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { useRipsCodes } from '@/components/rips/rips-api';

export const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30 aria-invalid:border-destructive';

/** A native select over one RIPS code table ('01 — Intramural'); `only` narrows it (e.g. concepts 02, 03, 05). */
export function CodeSelect({
  table,
  only,
  empty,
  className,
  ...props
}: ComponentProps<'select'> & { table: string; only?: readonly string[]; empty?: string }) {
  const codes = useRipsCodes(table);
  const items = (codes.data ?? []).filter((c) => !only || only.includes(c.code));
  return (
    <select className={cn(selectClass, className)} {...props}>
      {empty !== undefined && <option value="">{empty}</option>}
      {items.map((c) => (
        <option key={c.code} value={c.code}>
          {c.code} — {c.name.charAt(0) + c.name.slice(1).toLowerCase()}
        </option>
      ))}
    </select>
  );
}

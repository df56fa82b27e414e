import { useCupsStats } from '@/features/resources/api/cups';

const count = new Intl.NumberFormat('es-CO');

/** Totals of the catalogue above the list; nothing when they cannot be loaded. */
export function CupsStats() {
  const stats = useCupsStats();
  if (!stats.data) return null;
  const items = [
    ['Códigos', stats.data.total],
    ['Activos', stats.data.active],
    ['Inactivos', stats.data.inactive],
    ['Requieren autorización', stats.data.requires_authorization],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Resumen del catálogo CUPS">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg border bg-muted/40 px-3 py-2">
          <dt className="truncate text-xs text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{count.format(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

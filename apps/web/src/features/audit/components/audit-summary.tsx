import type { AuditSummaryDto } from '@ips/shared/schemas/audit';
import { countOf } from '@ips/shared/format';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from '@/components/list-states';
import type { AuditFilters } from '../api/get-audit';
import { actorLabel, auditActionLabel, auditTableLabel, count } from '../utils/labels';

interface Bar {
  key: string;
  label: string;
  n: number;
  patch: Partial<AuditFilters>;
}

const TOP = 8;

function Bars({
  title,
  bars,
  onPick,
}: {
  title: string;
  bars: Bar[];
  onPick: (p: Partial<AuditFilters>) => void;
}) {
  const max = Math.max(1, ...bars.map((b) => b.n));
  const shown = bars.slice(0, TOP);
  const rest = bars.slice(TOP).reduce((s, b) => s + b.n, 0);
  return (
    <div className="min-w-0">
      <h3 className="mb-2 text-sm font-medium">{title}</h3>
      {bars.length === 0 ? (
        <p className="text-sm text-muted-foreground">Sin cambios en el periodo.</p>
      ) : (
        <ul className="space-y-1.5">
          {shown.map((b) => (
            <li key={b.key}>
              <button
                type="button"
                onClick={() => onPick(b.patch)}
                className="group w-full rounded text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
                title={`Filtrar por ${b.label}`}
              >
                <span className="flex justify-between gap-2 text-sm">
                  <span className="truncate group-hover:underline">{b.label}</span>
                  <span className="shrink-0 text-muted-foreground tabular-nums">{count.format(b.n)}</span>
                </span>
                <span className="mt-0.5 block h-1.5 rounded-full bg-muted" aria-hidden>
                  <span
                    className="block h-full rounded-full bg-primary/70"
                    style={{ width: `${Math.max(2, (b.n / max) * 100)}%` }}
                  />
                </span>
              </button>
            </li>
          ))}
          {rest > 0 && (
            <li className="text-xs text-muted-foreground">
              Otros {bars.length - TOP}: {count.format(rest)}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

/** The last 30 days: changes per table, action and user; a bar filters the list below by it. */
export function AuditSummaryCard({
  summary,
  error,
  onRetry,
  onPick,
}: {
  summary: AuditSummaryDto | undefined;
  error: unknown;
  onRetry: () => void;
  onPick: (patch: Partial<AuditFilters>) => void;
}) {
  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>Resumen de los últimos {summary?.days ?? 30} días</CardTitle>
        <CardDescription>
          {summary
            ? `${countOf(summary.total, 'cambio', 'cambios')} registrados. Elija una barra para filtrar la lista.`
            : 'Cambios por tabla, acción y usuario.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {error ? (
          <LoadError title="No se pudo cargar el resumen" error={error} onRetry={onRetry} />
        ) : !summary ? (
          <div className="grid gap-6 md:grid-cols-3" role="status" aria-label="Cargando resumen">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-40" />
            ))}
          </div>
        ) : (
          <div className="grid gap-6 md:grid-cols-3" data-testid="audit-summary">
            <Bars
              title="Por tabla"
              onPick={onPick}
              bars={summary.by_table.map((t) => ({
                key: t.table_name,
                label: auditTableLabel(t.table_name),
                n: t.count,
                patch: { table_name: t.table_name, record_id: undefined },
              }))}
            />
            <Bars
              title="Por acción"
              onPick={onPick}
              bars={summary.by_action.map((a) => ({
                key: a.action,
                label: auditActionLabel(a.action),
                n: a.count,
                patch: { action: a.action },
              }))}
            />
            <Bars
              title="Por usuario"
              onPick={onPick}
              bars={summary.by_user.map((u) => ({
                key: String(u.user_id),
                label: actorLabel(u),
                n: u.count,
                // Changes without a user cannot be filtered by user: the bar shows them, the filter stays.
                patch: u.user_id === null ? {} : { user_id: String(u.user_id) },
              }))}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from '@/components/list-states';
import { cn } from '@/lib/utils';
import { useAuditEntry } from '../api/get-audit';
import { diffValues, showValue, type FieldChange } from '../utils/diff';
import { fieldLabel } from '../utils/field-labels';
import { actorLabel, auditTableLabel, localStamp, roleLabel } from '../utils/labels';
import { ActionBadge } from './audit-table';

function Value({ present, value, tone }: { present: boolean; value: unknown; tone: 'old' | 'new' | null }) {
  if (!present) return <span className="text-muted-foreground">—</span>;
  const text = showValue(value);
  return (
    <pre
      className={cn(
        'max-h-48 overflow-auto rounded px-2 py-1 font-sans text-sm break-words whitespace-pre-wrap',
        tone === 'old' && 'bg-red-50 text-red-900 line-through decoration-red-300',
        tone === 'new' && 'bg-emerald-50 text-emerald-900',
        typeof value === 'object' && value !== null && 'font-mono text-xs',
      )}
    >
      {text}
    </pre>
  );
}

function FieldRow({ f }: { f: FieldChange }) {
  return (
    <tr data-testid="audit-field" data-changed={f.changed} className="border-t align-top">
      <th scope="row" className="py-2 pr-3 text-left text-sm font-medium">
        <span className="flex items-center gap-1.5">
          {f.changed && <span className="size-2 shrink-0 rounded-full bg-amber-500" aria-hidden />}
          {fieldLabel(f.key)}
          {f.changed && <span className="sr-only">(cambió)</span>}
        </span>
        {fieldLabel(f.key) !== f.key && (
          <span className="block font-mono text-[11px] font-normal text-muted-foreground">{f.key}</span>
        )}
      </th>
      <td className="py-2 pr-3">
        <Value present={f.hasBefore} value={f.before} tone={f.changed && f.hasAfter ? 'old' : null} />
      </td>
      <td className="py-2">
        <Value present={f.hasAfter} value={f.after} tone={f.changed && f.hasBefore ? 'new' : null} />
      </td>
    </tr>
  );
}

/** One change: who, when, and its old and new values side by side with the changed fields marked. */
export function AuditDetailDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const entry = useAuditEntry(id);
  const e = entry.data;
  const fields = e ? diffValues(e.old_values, e.new_values) : [];
  const changed = fields.filter((f) => f.changed).length;
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Cambio #{id}</DialogTitle>
          <DialogDescription>
            {e
              ? `${auditTableLabel(e.table_name)} · registro ${e.record_id} · ${localStamp(e.created_at)}`
              : 'Cargando el detalle del cambio…'}
          </DialogDescription>
        </DialogHeader>
        {entry.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : entry.isError ? (
          <LoadError
            title="No se pudo cargar el cambio"
            error={entry.error}
            onRetry={() => void entry.refetch()}
          />
        ) : e ? (
          <>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-muted-foreground">Usuario</dt>
                <dd className="font-medium">{actorLabel(e)}</dd>
                {e.user_email && <dd className="text-xs text-muted-foreground">{e.user_email}</dd>}
              </div>
              <div>
                <dt className="text-muted-foreground">Rol</dt>
                <dd>{roleLabel(e.user_role) ?? '—'}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Acción</dt>
                <dd>
                  <ActionBadge action={e.action} />
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Solicitud</dt>
                <dd className="truncate font-mono text-xs" title={e.request_id ?? undefined}>
                  {e.request_id ?? '—'}
                </dd>
              </div>
            </dl>
            {fields.length === 0 ? (
              <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">
                Este cambio no registró valores.
              </p>
            ) : (
              <div className="overflow-x-auto">
                <p className="mb-2 text-sm text-muted-foreground" aria-live="polite">
                  {changed === 1 ? '1 campo cambió' : `${changed} campos cambiaron`}
                  {changed > 0 && ' (marcados con un punto)'}
                </p>
                <table className="w-full min-w-[520px] table-fixed">
                  <colgroup>
                    <col className="w-1/4" />
                    <col className="w-[37.5%]" />
                    <col className="w-[37.5%]" />
                  </colgroup>
                  <thead>
                    <tr className="text-left text-xs tracking-wide text-muted-foreground uppercase">
                      <th scope="col" className="pb-2 font-medium">
                        Campo
                      </th>
                      <th scope="col" className="pb-2 font-medium">
                        Valor anterior
                      </th>
                      <th scope="col" className="pb-2 font-medium">
                        Valor nuevo
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {fields.map((f) => (
                      <FieldRow key={f.key} f={f} />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

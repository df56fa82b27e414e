import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from '@/components/list-states';
import { cn } from '@/lib/utils';
import { useAuditEntry } from '../api/get-audit';
import { diffValues, type FieldChange } from '../utils/diff';
import { fieldLabel, showFieldValue } from '../utils/field-labels';
import { useOrgSettings } from '@/lib/settings/use-org-settings';
import { actorLabel, auditRecordLabel, auditTableLabel, localStamp, roleLabel } from '../utils/labels';
import { ActionBadge } from './audit-table';

function Value({
  present,
  field,
  value,
  tone,
  timezone,
}: {
  present: boolean;
  field: string;
  value: unknown;
  tone: 'old' | 'new' | null;
  timezone: string;
}) {
  if (!present) return <span className="px-2 text-muted-foreground">—</span>;
  return (
    <pre
      className={cn(
        'max-h-48 overflow-auto rounded px-2 py-1 font-sans text-sm break-words whitespace-pre-wrap',
        tone === 'old' && 'bg-red-50 text-red-900 line-through decoration-red-300',
        tone === 'new' && 'bg-emerald-50 text-emerald-900',
        typeof value === 'object' && value !== null && 'font-mono text-xs',
      )}
    >
      {showFieldValue(field, value, timezone)}
    </pre>
  );
}

const CAPTION = 'mb-0.5 block text-xs text-muted-foreground sm:hidden';

/** One field: its label (and raw key), the old and the new value; side by side, stacked on a phone. */
function FieldRow({ f, timezone }: { f: FieldChange; timezone: string }) {
  const label = fieldLabel(f.key);
  return (
    <div
      role="row"
      data-testid="audit-field"
      data-changed={f.changed}
      className="grid grid-cols-2 gap-x-3 gap-y-1 border-t py-2 sm:grid-cols-[11rem_minmax(0,1fr)_minmax(0,1fr)]"
    >
      <div role="rowheader" className="col-span-2 text-sm font-medium sm:col-span-1">
        <span className="flex items-center gap-1.5">
          {f.changed && <span className="size-2 shrink-0 rounded-full bg-amber-500" aria-hidden />}
          {label}
          {f.changed && <span className="sr-only">(cambió)</span>}
        </span>
        {label !== f.key && (
          <span className="block font-mono text-[11px] font-normal text-muted-foreground">{f.key}</span>
        )}
      </div>
      <div role="cell" className="min-w-0">
        <span className={CAPTION}>Valor anterior</span>
        <Value
          present={f.hasBefore}
          field={f.key}
          value={f.before}
          tone={f.changed && f.hasAfter ? 'old' : null}
          timezone={timezone}
        />
      </div>
      <div role="cell" className="min-w-0">
        <span className={CAPTION}>Valor nuevo</span>
        <Value
          present={f.hasAfter}
          field={f.key}
          value={f.after}
          tone={f.changed && f.hasBefore ? 'new' : null}
          timezone={timezone}
        />
      </div>
    </div>
  );
}

/** One change: who, when, and its old and new values side by side with the changed fields marked. */
export function AuditDetailDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const entry = useAuditEntry(id);
  const { timezone } = useOrgSettings();
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
              ? `${auditTableLabel(e.table_name)} · ${e.table_name === 'settings' ? auditRecordLabel(e.table_name, e.record_id) : `registro ${e.record_id}`} · ${localStamp(e.created_at)}`
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
              <div>
                <p className="mb-2 text-sm text-muted-foreground" aria-live="polite">
                  {changed === 1 ? '1 campo cambió' : `${changed} campos cambiaron`}
                  {changed > 0 && ' (marcados con un punto)'}
                </p>
                <div role="table" aria-label="Valores anteriores y nuevos">
                  <div
                    role="row"
                    className="hidden grid-cols-[11rem_minmax(0,1fr)_minmax(0,1fr)] gap-x-3 pb-2 text-xs tracking-wide text-muted-foreground uppercase sm:grid"
                  >
                    <span role="columnheader">Campo</span>
                    <span role="columnheader">Valor anterior</span>
                    <span role="columnheader">Valor nuevo</span>
                  </div>
                  {fields.map((f) => (
                    <FieldRow key={f.key} f={f} timezone={timezone} />
                  ))}
                </div>
              </div>
            )}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

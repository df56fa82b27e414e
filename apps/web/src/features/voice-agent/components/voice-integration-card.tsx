import { PlugIcon } from 'lucide-react';
import { countOf, formatDateTime } from '@ips/shared/format';
import { ListSkeleton, LoadError } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useVoiceStatus } from '@/features/voice-agent/api/voice-status-api';

function Flag({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  return <Badge variant={ok ? 'success' : 'warning'}>{ok ? yes : no}</Badge>;
}

/** Configuración de IA → the voice provider's integration: configured or not, activity, recent failures. */
export function VoiceIntegrationCard() {
  const q = useVoiceStatus();
  const s = q.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <PlugIcon className="size-4" aria-hidden />
          Integración del agente de voz
        </CardTitle>
        <CardDescription>
          ElevenLabs: se configura con variables de entorno del servidor; aquí nunca se muestra un secreto.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {q.isError ? (
          <LoadError title="No se pudo leer el estado" error={q.error} onRetry={() => void q.refetch()} />
        ) : !s ? (
          <ListSkeleton rows={3} label="Cargando estado" />
        ) : (
          <div className="space-y-3 text-sm">
            <dl className="grid grid-cols-[12rem_1fr] gap-y-2">
              <dt className="text-muted-foreground">Webhooks</dt>
              <dd>
                <Flag ok={s.webhook_configured} yes="Configurados" no="Sin secreto de webhook" />
              </dd>
              <dt className="text-muted-foreground">Llamadas salientes</dt>
              <dd>
                <Flag ok={s.outbound_configured} yes="Configuradas" no="Sin clave, agente o número" />
                {s.pending_outbound > 0 && (
                  <span className="ml-2 text-muted-foreground">
                    {countOf(s.pending_outbound, 'pendiente')}
                  </span>
                )}
              </dd>
              <dt className="text-muted-foreground">Herramientas del agente</dt>
              <dd>
                <Flag ok={s.tools_configured} yes="Configuradas" no="Sin secreto de herramientas" />
              </dd>
              <dt className="text-muted-foreground">Último webhook</dt>
              <dd>{s.last_webhook_at ? formatDateTime(s.last_webhook_at) : 'Ninguno recibido'}</dd>
            </dl>
            <div>
              <h3 className="mb-1 font-medium">Fallas recientes</h3>
              {s.recent_failures.length === 0 ? (
                <p className="text-muted-foreground">Sin fallas recientes.</p>
              ) : (
                <ul className="space-y-1" aria-label="Fallas recientes">
                  {s.recent_failures.map((f, i) => (
                    <li key={i} className="break-words">
                      <span className="text-muted-foreground tabular-nums">{formatDateTime(f.at)}</span> ·{' '}
                      {f.kind === 'webhook' ? 'Webhook' : 'Llamada saliente'} · {f.detail}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

import { and, desc, eq, sql } from 'drizzle-orm';
import type { VoiceStatus } from '@ips/shared/schemas/voice-tools';
import { callLogs } from '../../db/schema/call-center';
import type { AppDeps } from '../../lib/context';
import { lastReceivedAt, recentFailures } from './inbox-repo';
import { voiceRuntimeOf } from './runtime';

/** The settings screen's view of the integration (decision 038): configured or not, activity, recent failures. */
export async function voiceStatus(deps: AppDeps): Promise<VoiceStatus> {
  const { provider } = voiceRuntimeOf(deps);
  const [last, hooks, outbound, pending] = await Promise.all([
    lastReceivedAt(deps.db),
    recentFailures(deps.db, 5),
    deps.db
      .select({ at: callLogs.updatedAt, error: callLogs.lastError, id: callLogs.id })
      .from(callLogs)
      .where(and(eq(callLogs.channel, 'ai_voice'), sql`${callLogs.lastError} is not null`))
      .orderBy(desc(callLogs.updatedAt))
      .limit(5),
    deps.db.execute(
      sql`select count(*)::int as n from call_logs where status = 'pending' and channel = 'ai_voice' and direction = 'outbound'`,
    ),
  ]);
  const failures = [
    ...hooks.map((h) => ({
      kind: 'webhook' as const,
      at: h.at.toISOString(),
      detail: `${h.event_type}${h.conversation_id ? ` (${h.conversation_id})` : ''}: ${h.error ?? 'error'}`,
    })),
    ...outbound.map((o) => ({
      kind: 'outbound' as const,
      at: o.at.toISOString(),
      detail: `Llamada #${o.id}: ${o.error}`,
    })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, 8);
  return {
    provider: provider.name,
    webhook_configured: provider.webhookConfigured,
    outbound_configured: provider.outboundConfigured,
    tools_configured: Boolean(deps.config.voice.toolSecret),
    last_webhook_at: last ? last.toISOString() : null,
    pending_outbound: (pending.rows[0] as { n: number }).n,
    recent_failures: failures,
  };
}

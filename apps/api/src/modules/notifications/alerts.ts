import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context';
import { notify } from './notify';
import * as repo from './repo';

/** An agent counts as connected when their session was used this recently (sessions are touched each minute). */
export const CONNECTED_WITHIN_MINUTES = 5;
const MANAGERS = ['admin', 'supervisor'];

export interface AlertCheck {
  longQueue: 'raised' | 'cleared' | 'unchanged';
  agentsOffline: 'raised' | 'cleared' | 'unchanged';
}

/**
 * The two alerts of the e-mail alerts card (decision 033), each raised once while its condition lasts and
 * cleared when it ends (notification_conditions), so any number of instances may check at the same time:
 * - long queue: a call has been waiting longer than cc_max_wait_minutes (alert_long_queue_enabled);
 * - agents offline: calls are waiting and no active agent has a session used in the last few minutes
 *   (alert_agents_offline_enabled). The call center is "open" when calls wait for it: there are no configured
 *   call-center hours, and an alert at night with nobody calling would be noise.
 * A switched-off alert clears its condition, so switching it on again raises it anew.
 */
export async function checkAlerts(deps: AppDeps): Promise<AlertCheck> {
  const maxWait = Number(deps.settings.get('cc_max_wait_minutes')) || 15;
  const res = await deps.db.execute<{
    waiting: number;
    over: number;
    oldest_minutes: number | null;
    agents: number;
  }>(sql`
    select count(*)::int as waiting,
           count(*) filter (where waiting_since < now() - make_interval(mins => ${maxWait}))::int as over,
           floor(extract(epoch from now() - min(waiting_since)) / 60)::int as oldest_minutes,
           (select count(distinct s.user_id)::int from sessions s join users u on u.id = s.user_id
             where u.role = 'agent' and u.status = 'Activo' and s.revoked_at is null and s.expires_at > now()
               and s.last_seen_at > now() - make_interval(mins => ${CONNECTED_WITHIN_MINUTES})) as agents
      from calls where status = 'waiting'`);
  const s = res.rows[0] ?? { waiting: 0, over: 0, oldest_minutes: null, agents: 0 };
  const waiting = Number(s.waiting);
  const over = Number(s.over);
  const longQueue = await toggle(
    deps,
    'long_queue',
    deps.settings.get('alert_long_queue_enabled') === true && over > 0,
    {
      type: 'long_queue',
      title: 'Cola de espera larga',
      body:
        `${over} ${over === 1 ? 'llamada lleva' : 'llamadas llevan'} más de ${maxWait} minutos en espera ` +
        `(la más antigua, ${Number(s.oldest_minutes ?? 0)} min).`,
    },
  );
  const agentsOffline = await toggle(
    deps,
    'agents_offline',
    deps.settings.get('alert_agents_offline_enabled') === true && waiting > 0 && Number(s.agents) === 0,
    {
      type: 'agents_offline',
      title: 'No hay agentes conectados',
      body: `${waiting} ${waiting === 1 ? 'llamada espera' : 'llamadas esperan'} y ningún agente está conectado.`,
    },
  );
  return { longQueue, agentsOffline };
}

async function toggle(
  deps: AppDeps,
  key: 'long_queue' | 'agents_offline',
  on: boolean,
  n: { type: 'long_queue' | 'agents_offline'; title: string; body: string },
): Promise<AlertCheck['longQueue']> {
  if (!on) return (await repo.clearCondition(deps.db, key)) ? 'cleared' : 'unchanged';
  return deps.db.transaction(async (tx) => {
    if (!(await repo.raiseCondition(tx, key, { body: n.body }))) return 'unchanged';
    await notify(tx, deps, {
      ...n,
      link: '/calls',
      audience: { roles: MANAGERS },
      alertEmail: true,
    });
    return 'raised';
  });
}

import { afterAll, beforeAll } from 'vitest';
import { type calls } from '../../db/schema/calls';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { callers, type Call } from '../../test/factories/patients';

/** Helpers for the call-center tests (not a test file itself). */

export interface CallsCtx {
  t: TestApp;
  c: Record<'admin' | 'supervisor' | 'agent' | 'doctor' | 'reception', Call>;
}

/** A fresh app (its own database) for one test file, with a signed-in client per role. */
export function callsFixture() {
  const ctx = {} as CallsCtx;
  beforeAll(async () => {
    ctx.t = await buildTestApp();
    ctx.c = await callers(ctx.t.app);
  });
  afterAll(async () => ctx.t?.close());
  return ctx;
}

/** Registers a call through the API (waiting unless agent_name is given). */
export async function registerCall(c: Call, fields: Record<string, unknown> = {}) {
  const res = await c({
    method: 'POST',
    url: '/api/calls',
    payload: { patient_name: 'Paciente Llamada', ...fields },
  });
  if (res.statusCode !== 201) throw new Error(`registerCall → ${res.statusCode} ${res.body}`);
  return res.json().data as Record<string, unknown> & { id: number; status: string };
}

/** A call written straight to the table, with instants `secondsAgo` before `now`. */
export function handMade(
  now: Date,
  v: {
    name?: string;
    phone?: string | null;
    status: 'active' | 'waiting' | 'ended';
    priority?: 'urgencia' | 'alta' | 'normal' | 'baja';
    started: number;
    answered?: number;
    waitingSince?: number;
    ended?: number;
    agent?: string;
  },
): typeof calls.$inferInsert {
  const at = (s: number | undefined) => (s === undefined ? null : new Date(now.getTime() - s * 1000));
  return {
    patientName: v.name ?? 'Paciente',
    patientPhone: v.phone ?? null,
    status: v.status,
    priority: v.priority ?? 'normal',
    startedAt: at(v.started)!,
    answeredAt: at(v.answered),
    waitingSince: at(v.waitingSince),
    endedAt: at(v.ended),
    agentName: v.agent ?? (v.answered !== undefined ? 'Agente Uno' : null),
  };
}

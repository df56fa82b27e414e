import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CALL_MESSAGES as M } from '@ips/shared/schemas/calls';
import { auditLog, eventLog } from '../../db/schema/system';
import { createPatient } from '../../test/factories/patients';
import { callsFixture, registerCall } from './test-factory';

const ctx = callsFixture();
const post = (who: keyof typeof ctx.c, url: string, payload?: object) =>
  ctx.c[who]({ method: 'POST', url, ...(payload ? { payload } : {}) });

describe('registering a call', () => {
  it('waits without an agent, is active with one; the phone is stored as +57', async () => {
    const waiting = await registerCall(ctx.c.agent, { patient_phone: '(310) 555-0101', priority: 'alta' });
    expect(waiting).toMatchObject({
      status: 'waiting',
      priority: 'alta',
      patient_phone: '+573105550101',
      agent_name: null,
      answered_at: null,
    });
    expect(waiting.waiting_since).toBe(waiting.started_at);
    const active = await registerCall(ctx.c.supervisor, {
      agent_name: 'Laura Gómez',
      call_type: 'agendamiento',
    });
    expect(active).toMatchObject({ status: 'active', agent_name: 'Laura Gómez', call_type: 'agendamiento' });
    expect(active.answered_at).toBe(active.started_at);
  });

  it('links the patient whose phone (+57) or document matches', async () => {
    const p = await createPatient(ctx.c.admin, { name: 'Marta Ríos', phone: '311 444 7788' });
    const byPhone = await registerCall(ctx.c.agent, {
      patient_name: null,
      patient_phone: '+57 311 444 7788',
    });
    expect(byPhone).toMatchObject({
      patient_id: p.id,
      patient_name: 'Marta Ríos',
      patient_phone: '+573114447788',
    });
    const byDocument = await registerCall(ctx.c.agent, { patient_document: p.document as string });
    expect(byDocument.patient_id).toBe(p.id);
    const nobody = await registerCall(ctx.c.agent, { patient_phone: '3000000001' });
    expect(nobody.patient_id).toBeNull();
  });

  it('refuses bad input with Spanish messages and changes nothing', async () => {
    const noName = await post('agent', '/api/calls', { patient_phone: '3009998877' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(M.nameRequired);
    const badPhone = await post('agent', '/api/calls', { patient_name: 'X', patient_phone: '12' });
    expect(badPhone.statusCode).toBe(400);
    expect(JSON.stringify(badPhone.json())).toContain(M.phoneInvalid);
    const badPriority = await post('agent', '/api/calls', { patient_name: 'X', priority: 'máxima' });
    expect(badPriority.statusCode).toBe(400);
    await registerCall(ctx.c.agent, { conversation_id: 'conv-1' });
    const dup = await post('agent', '/api/calls', { patient_name: 'Y', conversation_id: 'conv-1' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(M.conversationTaken);
  });
});

describe('call transitions', () => {
  it('waiting → attend → transfer → hold → attend → end; audited and published', async () => {
    const call = await registerCall(ctx.c.agent);
    const attended = await post('agent', `/api/calls/${call.id}/attend`, { agent_name: 'Usuario agent' });
    expect(attended.statusCode, attended.body).toBe(200);
    expect(attended.json()).toMatchObject({
      message: M.attended,
      data: { status: 'active', agent_name: 'Usuario agent' },
    });
    // The named agent is a user of the call center: the call is linked to the account.
    expect(attended.json().data.agent_user_id).toBe(ctx.t.users.agent.id);
    const firstAnswer = attended.json().data.answered_at;

    const transferred = await post('agent', `/api/calls/${call.id}/transfer`, { agent_name: 'Pedro Ruiz' });
    expect(transferred.statusCode, transferred.body).toBe(200);
    expect(transferred.json()).toMatchObject({
      message: M.transferred,
      data: { status: 'active', agent_name: 'Pedro Ruiz', agent_user_id: null, transfer_count: 1 },
    });
    const held = await post('supervisor', `/api/calls/${call.id}/hold`);
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toMatchObject({ message: M.held, data: { status: 'waiting' } });
    expect(held.json().data.waiting_since).not.toBeNull();

    const again = await post('admin', `/api/calls/${call.id}/attend`, { agent_name: 'Pedro Ruiz' });
    expect(again.statusCode).toBe(200);
    // Speed of answer is measured to the first answer, not to the pick-up after a hold.
    expect(again.json().data.answered_at).toBe(firstAnswer);

    const ended = await post('agent', `/api/calls/${call.id}/end`, { outcome: 'Cita agendada' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data).toMatchObject({
      status: 'ended',
      outcome: 'Cita agendada',
      waiting_since: null,
    });
    expect(ended.json().data.ended_at).not.toBeNull();

    const audit = await ctx.t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'calls'), eq(auditLog.recordId, String(call.id))))
      .orderBy(auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'attend', 'transfer', 'hold', 'attend', 'end']);
    expect(audit[2]).toMatchObject({
      oldValues: expect.objectContaining({ agent_name: 'Usuario agent' }),
      newValues: expect.objectContaining({ agent_name: 'Pedro Ruiz', transfer_count: 1 }),
    });
    const events = await ctx.t.app.deps.db.select().from(eventLog).where(eq(eventLog.channel, 'calls'));
    const mine = events.filter((e) => (e.payload as { id: number }).id === call.id).map((e) => e.type);
    expect(mine).toEqual(['created', 'attended', 'transferred', 'held', 'attended', 'ended']);
  });

  it('a waiting call can end unattended (abandoned)', async () => {
    const call = await registerCall(ctx.c.agent);
    const ended = await post('agent', `/api/calls/${call.id}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data).toMatchObject({ status: 'ended', answered_at: null });
  });

  it('refuses every other transition with a Spanish 409, and an unknown call with 404', async () => {
    const waiting = await registerCall(ctx.c.agent);
    const active = await registerCall(ctx.c.agent, { agent_name: 'Ana' });
    const ended = await registerCall(ctx.c.agent);
    await post('agent', `/api/calls/${ended.id}/end`);
    const cases: [number, string, object | undefined, string][] = [
      [active.id, 'attend', { agent_name: 'Otro' }, M.invalid.attend.active],
      [ended.id, 'attend', { agent_name: 'Otro' }, M.invalid.attend.ended],
      [waiting.id, 'transfer', { agent_name: 'Otro' }, M.invalid.transfer.waiting],
      [ended.id, 'transfer', { agent_name: 'Otro' }, M.invalid.transfer.ended],
      [waiting.id, 'hold', undefined, M.invalid.hold.waiting],
      [ended.id, 'hold', undefined, M.invalid.hold.ended],
      [ended.id, 'end', undefined, M.invalid.end.ended],
      [active.id, 'transfer', { agent_name: 'ana' }, M.sameAgent],
    ];
    for (const [id, action, body, message] of cases) {
      const res = await post('agent', `/api/calls/${id}/${action}`, body);
      expect(res.statusCode, `${action} ${id}`).toBe(409);
      expect(res.json().message).toBe(message);
    }
    const after = await ctx.c.agent({ method: 'GET', url: `/api/calls/${active.id}` });
    expect(after.json().data).toMatchObject({ status: 'active', agent_name: 'Ana', transfer_count: 0 });
    const missing = await post('agent', '/api/calls/999999/attend', { agent_name: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(M.notFound);
  });

  it('requires the agent name to attend or transfer', async () => {
    const call = await registerCall(ctx.c.agent);
    for (const body of [{}, { agent_name: '' }, { agent_name: '   ' }]) {
      const res = await post('agent', `/api/calls/${call.id}/attend`, body);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(M.agentRequired);
    }
    const still = await ctx.c.agent({ method: 'GET', url: `/api/calls/${call.id}` });
    expect(still.json().data.status).toBe('waiting');
  });

  it('two agents attending one waiting call at once: exactly one wins', async () => {
    const call = await registerCall(ctx.c.agent);
    const [a, b] = await Promise.all([
      post('agent', `/api/calls/${call.id}/attend`, { agent_name: 'Agente A' }),
      post('supervisor', `/api/calls/${call.id}/attend`, { agent_name: 'Agente B' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 'Agente A' : 'Agente B';
    const now = await ctx.c.agent({ method: 'GET', url: `/api/calls/${call.id}` });
    expect(now.json().data.agent_name).toBe(winner);
    const audits = await ctx.t.app.deps.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.tableName, 'calls'),
          eq(auditLog.recordId, String(call.id)),
          eq(auditLog.action, 'attend'),
        ),
      )
      .orderBy(auditLog.id);
    expect(audits).toHaveLength(1);
  });
});

describe('roles', () => {
  it('the call center works calls, reception reads, doctors see nothing', async () => {
    const call = await registerCall(ctx.c.agent);
    expect((await post('reception', '/api/calls', { patient_name: 'X' })).statusCode).toBe(403);
    expect((await post('reception', `/api/calls/${call.id}/attend`, { agent_name: 'X' })).statusCode).toBe(
      403,
    );
    expect((await post('doctor', `/api/calls/${call.id}/end`)).statusCode).toBe(403);
    for (const url of [
      '/api/calls/dashboard',
      '/api/calls/history',
      `/api/calls/${call.id}`,
      '/api/calls/status',
    ]) {
      expect((await ctx.c.reception({ method: 'GET', url })).statusCode, url).toBe(200);
      expect((await ctx.c.doctor({ method: 'GET', url })).statusCode, url).toBe(403);
    }
  });
});

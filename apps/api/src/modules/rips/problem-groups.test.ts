import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers';
import { worldFixture, type World } from '../../test/factories/world';
import { buildPkg, completedAppointment, ripsPatient, ripsSetup, saveAttendance } from './test-factory';

/*
 * A package's problems grouped by cause (issue 34): each cause once with its count, the most frequent first; the
 * one place to fix them when they share it, else each problem's own link, listed by the cause's key.
 */
const ctx = worldFixture();
let t: TestApp;
let w: World;
beforeAll(async () => {
  ({ t, w } = ctx);
  await ripsSetup(w);
});

type Group = {
  cause: string;
  field: string;
  message: string;
  fix: string;
  count: number;
  link: string | null;
};

describe('problem groups', () => {
  it('groups by cause with counts, and lists one cause’s appointments with their links', async () => {
    const noZone = [];
    for (let i = 0; i < 3; i++) noZone.push(await ripsPatient(w, {}, null));
    const withZone = await ripsPatient(w);
    const appts = [];
    for (const [i, p] of noZone.entries()) {
      const a = await completedAppointment(w, p, `0${7 + i}:00`, { daysAgo: 5 });
      await saveAttendance(w, a.id);
      appts.push(a);
    }
    // One attended appointment without its attendance record.
    const bare = await completedAppointment(w, withZone, '11:00', { daysAgo: 5 });
    const pkg = await buildPkg(w, { invoice_number: null, from: bare.date, to: bare.date });
    expect(pkg.problems_count).toBe(4);

    const res = await w.c.reception({ method: 'GET', url: `/api/rips/packages/${pkg.id}/problem-groups` });
    expect(res.statusCode).toBe(200);
    const { items, total, listed } = res.json().data as { items: Group[]; total: number; listed: number };
    expect({ total, listed }).toEqual({ total: 4, listed: 4 });
    expect(items.map((g) => [g.field, g.count])).toEqual([
      ['codZonaTerritorialResidencia', 3],
      ['finalidadTecnologiaSalud', 1],
    ]);
    // Three patients, three places to fix: no shared link; the single problem keeps its own.
    expect(items[0]!.link).toBeNull();
    expect(items[0]!.message).toBe('El paciente no tiene zona territorial de residencia (rural o urbana)');
    expect(items[1]!.link).toBe(`/rips?fix=attendance&id=${bare.id}`);

    const one = await w.c.reception({
      method: 'GET',
      url: `/api/rips/packages/${pkg.id}/problems?cause=${items[0]!.cause}`,
    });
    expect(one.statusCode).toBe(200);
    const page = one.json().data as { items: { appointment_id: number; link: string }[]; total: number };
    expect(page.total).toBe(3);
    expect(page.items.map((p) => p.appointment_id).sort()).toEqual(appts.map((a) => a.id).sort());
    expect(page.items.map((p) => p.link).sort()).toEqual(
      noZone.map((id) => `/rips?fix=patient&id=${id}`).sort(),
    );
  });

  it('refuses a malformed cause with a Spanish message', async () => {
    const res = await w.c.reception({ method: 'GET', url: '/api/rips/packages/1/problems?cause=x' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Causa inválida');
    expect(t).toBeTruthy();
  });
});

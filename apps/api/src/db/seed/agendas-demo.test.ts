import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '@ips/shared/format';
import { as, buildTestApp, loginAs, type TestApp } from '../../test/helpers';
import { seedAgendasDemo } from './agendas-demo';
import { seedQueueDemo } from './queue-demo';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demoMode: true });
});
afterAll(async () => t?.close());

const q = <T>(text: string, params: unknown[] = []) => t.app.deps.database.query<T>(text, params);

describe('demo agendas (demo mode only)', () => {
  it('covers two weeks back and four ahead on working days, with appointments of demo patients', async () => {
    const today = localDate(new Date(), t.app.deps.config.orgTimezone);
    const [s] = await q<{
      n: number;
      past: number;
      future: number;
      weekend: number;
      holiday: number;
      distributed: number;
    }>(
      `select count(*)::int n,
              count(*) filter (where date < $1)::int past,
              count(*) filter (where date >= $1)::int future,
              count(*) filter (where extract(isodow from date) > 5)::int weekend,
              count(*) filter (where date in (select date from holidays))::int holiday,
              count(*) filter (where auto_distribute)::int distributed
         from availabilities`,
      [today],
    );
    expect(s!.past).toBeGreaterThan(50);
    expect(s!.future).toBeGreaterThan(100);
    expect(s).toMatchObject({ weekend: 0, holiday: 0 });
    expect(s!.distributed).toBeGreaterThan(0);
    const statuses = await q<{ status: string; n: number }>(
      'select status, count(*)::int n from appointments group by status order by status',
    );
    expect(statuses.map((r) => r.status)).toEqual(['Cancelada', 'Completada', 'Confirmada', 'Pendiente']);
  });

  it('keeps booked_slots equal to the Confirmada count and the quotas equal to the capacity', async () => {
    const drift = await q<{ id: number }>(`
      select a.id from availabilities a
       where a.booked_slots <> (select count(*) from appointments p where p.availability_id = a.id and p.status = 'Confirmada')`);
    expect(drift).toEqual([]);
    const quotas = await q<{ id: number }>(`
      select a.id from availabilities a join availability_distributions d on d.availability_id = a.id
       group by a.id, a.capacity having sum(d.quota) <> a.capacity`);
    expect(quotas).toEqual([]);
  });

  it('books each specialty with the patients it sees: children in pediatrics, adults in internal medicine, women in obstetrics', async () => {
    const misfits = await q<{ specialty: string; n: number }>(`
      select s.name specialty, count(*)::int n
        from (select patient_id, specialty_id, scheduled_at from appointments
              union all select patient_id, specialty_id, created_at from queue_entries) b
        join patients p on p.id = b.patient_id
        join specialties s on s.id = b.specialty_id
       where (s.name = 'Pediatría' and (p.birth_date is null or age(b.scheduled_at::date, p.birth_date) >= interval '18 years'))
          or (s.name in ('Medicina Interna', 'Cardiología') and (p.birth_date is null or age(b.scheduled_at::date, p.birth_date) < interval '17 years'))
          or (s.name in ('Ginecología', 'Obstetricia') and p.gender is distinct from 'Femenino')
          or (s.name = 'Obstetricia' and age(b.scheduled_at::date, p.birth_date) > interval '46 years')
       group by s.name`);
    expect(misfits).toEqual([]);
    const [pediatric] = await q<{ n: number }>(
      `select count(*)::int n from appointments a join specialties s on s.id = a.specialty_id where s.name = 'Pediatría'`,
    );
    expect(pediatric!.n).toBeGreaterThan(20);
  });

  it('is idempotent', async () => {
    const [{ n }] = (await q<{ n: number }>('select count(*)::int n from availabilities')) as [{ n: number }];
    expect(await seedAgendasDemo(t.app.deps.db, t.app.deps.config.orgTimezone)).toBe(0);
    const [{ n: after }] = (await q<{ n: number }>('select count(*)::int n from availabilities')) as [
      { n: number },
    ];
    expect(after).toBe(n);
  });

  it('queues active patients for specialties they have no upcoming appointment with, every priority, once', async () => {
    const rows = await q<{ priority_level: string; upcoming: number; inactive: number; waiting: number }>(`
      select priority_level,
             count(*) filter (where exists (select 1 from appointments a where a.patient_id = e.patient_id
                                              and a.specialty_id = e.specialty_id
                                              and a.scheduled_at >= now()))::int upcoming,
             count(*) filter (where p.status <> 'Activo')::int inactive,
             count(*) filter (where e.status = 'waiting')::int waiting
        from queue_entries e join patients p on p.id = e.patient_id
       group by priority_level order by priority_level`);
    expect(rows.map((r) => r.priority_level)).toEqual(['Alta', 'Baja', 'Normal', 'Urgente']);
    expect(rows.every((r) => r.upcoming === 0 && r.inactive === 0)).toBe(true);
    const waiting = rows.reduce((n, r) => n + r.waiting, 0);
    expect(waiting).toBeGreaterThanOrEqual(10);
    expect(await seedQueueDemo(t.app.deps.db)).toBe(0);
    const overview = await as(
      t.app,
      await loginAs(t.app, 'reception@test.ips.co'),
    )({
      method: 'GET',
      url: '/api/queue/overview',
    });
    expect(overview.json().data.total_waiting).toBe(waiting);
  });
});

import { describe, expect, it } from 'vitest';
import { inUseMessage } from '@ips/shared/schemas/in-use';
import { createPatient } from '../../test/factories/patients';
import { createAgenda, worldFixture } from '../../test/factories/world';

/*
 * Issue 34 item 15: deleting master data that other rows still use answers 409 with the reason and the count in
 * use, never the 500 of a foreign-key violation (EPS and municipalities of patients did).
 */

describe('inUseMessage', () => {
  it('counts each table with its noun, in the singular for one, and joins them in Spanish', () => {
    expect(inUseMessage('la EPS', [{ table: 'patients', count: 1 }])).toBe(
      'No se puede eliminar la EPS: la usa 1 paciente.',
    );
    expect(
      inUseMessage(
        'el municipio',
        [
          { table: 'locations', count: 2 },
          { table: 'appointments', count: 0 },
          { table: 'patients', count: 1 },
        ],
        'Reasígnelos primero.',
      ),
    ).toBe('No se puede eliminar el municipio: lo usan 2 sedes y 1 paciente. Reasígnelos primero.');
    expect(inUseMessage('el servicio', [{ table: 'queue_slot_offers', count: 3 }])).toBe(
      'No se puede eliminar el servicio: lo usan 3 registros de ofertas de cupo.',
    );
    expect(inUseMessage('la sede', [])).toBe(
      'No se puede eliminar la sede: otros registros todavía la referencian.',
    );
  });
});

describe('DELETE of master data still in use', () => {
  const ctx = worldFixture();
  const del = (url: string) => ctx.w.c.admin({ method: 'DELETE', url });
  const post = async (url: string, payload: object) => {
    const res = await ctx.w.c.admin({ method: 'POST', url, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };

  it('an EPS, a municipality and a zone of patients: 409 with the count, and the record stays', async () => {
    const zone = await post('/api/zones', { name: 'Zona en uso' });
    const municipality = await post('/api/municipalities', { name: 'Municipio en uso', zone_id: zone });
    const eps = await post('/api/eps', { name: 'EPS en uso', code: 'EPS901' });
    for (let i = 0; i < 2; i++)
      await createPatient(ctx.w.c.admin, {
        insurance_eps_id: eps,
        municipality_id: municipality,
        zone_id: zone,
      });
    await post('/api/locations', { name: 'Sede del municipio', municipality_id: municipality });

    const refusedEps = await del(`/api/eps/${eps}`);
    expect(refusedEps.statusCode, refusedEps.body).toBe(409);
    expect(refusedEps.json().message).toBe(
      'No se puede eliminar la EPS: la usan 2 pacientes. Puede inactivarla.',
    );

    const refusedMunicipality = await del(`/api/municipalities/${municipality}`);
    expect(refusedMunicipality.statusCode, refusedMunicipality.body).toBe(409);
    expect(refusedMunicipality.json().message).toBe(
      'No se puede eliminar el municipio: lo usan 1 sede y 2 pacientes.',
    );

    const refusedZone = await del(`/api/zones/${zone}`);
    expect(refusedZone.statusCode, refusedZone.body).toBe(409);
    expect(refusedZone.json().message).toBe(
      'No se puede eliminar la zona: la usan 1 municipio y 2 pacientes. Reasígnelos a otra zona primero.',
    );

    for (const url of [`/api/eps/${eps}`, `/api/municipalities/${municipality}`, `/api/zones/${zone}`])
      expect((await ctx.w.c.admin({ method: 'GET', url })).statusCode, url).toBe(200);
  });

  it('a doctor and a site with an agenda: 409 with the count; nothing is audited as deleted', async () => {
    await createAgenda(ctx.w, { doctor_id: ctx.w.drB, location_id: ctx.w.northId });
    const refusedDoctor = await del(`/api/doctors/${ctx.w.drB}`);
    expect(refusedDoctor.statusCode, refusedDoctor.body).toBe(409);
    expect(refusedDoctor.json().message).toBe(
      'No se puede eliminar el doctor: lo usa 1 agenda. Puede desactivarlo.',
    );
    const refusedSite = await del(`/api/locations/${ctx.w.northId}`);
    expect(refusedSite.statusCode, refusedSite.body).toBe(409);
    expect(refusedSite.json().message).toMatch(/^No se puede eliminar la sede: la usan? \d+ agendas?\./);
    const deletes = await ctx.t.app.deps.database.query<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'delete' and table_name in ('doctors', 'locations')`,
    );
    expect(deletes[0]!.n).toBe(0);
    // The doctor's links (cascaded inside the refused delete) are still there: the savepoint undid them.
    const doctor = (await ctx.w.c.admin({ method: 'GET', url: `/api/doctors/${ctx.w.drB}` })).json().data;
    expect(doctor.location_ids ?? doctor.locations?.map((l: { id: number }) => l.id)).toContain(
      ctx.w.northId,
    );
  });

  it('a free record is still deleted', async () => {
    const eps = await post('/api/eps', { name: 'EPS libre', code: 'EPS902' });
    expect((await del(`/api/eps/${eps}`)).statusCode).toBeLessThan(300);
    expect((await ctx.w.c.admin({ method: 'GET', url: `/api/eps/${eps}` })).statusCode).toBe(404);
  });
});

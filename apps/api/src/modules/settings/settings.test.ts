import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, settings } from '../../db/schema/system';
import { as, buildTestApp, loginAs, type TestApp } from '../../test/helpers';
import { LOGO_MESSAGE } from '@ips/shared/schemas/settings';

let t: TestApp;
let admin: ReturnType<typeof as>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co'));
});
afterAll(async () => t?.close());

const put = (payload: unknown) => admin({ method: 'PUT', url: '/api/settings', payload: payload as object });
const current = async () => (await admin({ method: 'GET', url: '/api/settings' })).json().data;

describe('GET /api/settings', () => {
  it('answers every key of the spec with its default, and no internal key', async () => {
    const s = await current();
    expect(s).toMatchObject({
      org_timezone: 'America/Bogota',
      cc_max_wait_minutes: 15,
      cc_service_level_threshold_seconds: 20,
      auto_cancel_also_appointments_default: true,
      ai_response_timeout_seconds: 3,
      notifications_email_enabled: false,
      cod_prestador: '',
    });
    for (const k of [
      'ai_mon',
      'ai_sun',
      'ai_break_start',
      'ai_message_transfer',
      'alert_agents_offline_enabled',
    ])
      expect(s).toHaveProperty(k);
    expect(s).not.toHaveProperty('installation_demo_mode');
  });
});

describe('GET /api/settings/public', () => {
  it('does not show anonymous visitors a logo stored as another site’s address before issue 33', async () => {
    const logo = (await t.app.inject({ method: 'GET', url: '/api/settings/public' })).json().data
      .org_logo_url;
    await t.app.deps.db
      .insert(settings)
      .values({ key: 'org_logo_url', value: 'https://tracker.example/p.png' })
      .onConflictDoUpdate({ target: settings.key, set: { value: 'https://tracker.example/p.png' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(res.json().data.org_logo_url).toBe('');
    await t.app.deps.db
      .insert(settings)
      .values({ key: 'org_logo_url', value: logo })
      .onConflictDoUpdate({ target: settings.key, set: { value: logo } });
  });
});

describe('PUT /api/settings: each rule with its message', () => {
  const cases: [string, object, string, string][] = [
    ['org name required', { org_name: '  ' }, 'org_name', 'El nombre de la IPS es requerido'],
    [
      'max wait below 1',
      { cc_max_wait_minutes: 0 },
      'cc_max_wait_minutes',
      'Tiempo máximo de espera entre 1 y 240',
    ],
    [
      'max wait above 240',
      { cc_max_wait_minutes: 241 },
      'cc_max_wait_minutes',
      'Tiempo máximo de espera entre 1 y 240',
    ],
    [
      'max wait not whole',
      { cc_max_wait_minutes: 2.5 },
      'cc_max_wait_minutes',
      'Tiempo máximo de espera entre 1 y 240',
    ],
    [
      'logo neither URL nor local path',
      { org_logo_url: 'javascript:alert(1)' },
      'org_logo_url',
      LOGO_MESSAGE,
    ],
    [
      'logo of another site (issue 33)',
      { org_logo_url: 'https://tracker.example/p.png' },
      'org_logo_url',
      LOGO_MESSAGE,
    ],
    [
      'logo path outside the uploads (issue 34)',
      { org_logo_url: '/uploads/../../etc/passwd' },
      'org_logo_url',
      LOGO_MESSAGE,
    ],
    ['logo protocol-relative', { org_logo_url: '//evil.example/x.png' }, 'org_logo_url', LOGO_MESSAGE],
    [
      'AI timeout above 120',
      { ai_response_timeout_seconds: 121 },
      'ai_response_timeout_seconds',
      'El tiempo de respuesta debe estar entre 1 y 120 segundos',
    ],
    [
      'AI timeout below 1',
      { ai_response_timeout_seconds: 0 },
      'ai_response_timeout_seconds',
      'El tiempo de respuesta debe estar entre 1 y 120 segundos',
    ],
    ['time not HH:MM', { ai_start_time: '8:00' }, 'ai_start_time', 'La hora debe tener el formato HH:MM'],
    ['time out of range', { ai_end_time: '24:00' }, 'ai_end_time', 'La hora debe tener el formato HH:MM'],
    [
      'NIT check digit',
      { org_nit: '800.197.268-5' },
      'org_nit',
      'El dígito de verificación del NIT no coincide con el número',
    ],
    [
      'NIT shape',
      { org_nit: '800197268' },
      'org_nit',
      'El NIT debe tener el formato 900123456-8 (número y dígito de verificación)',
    ],
    [
      'REPS code length',
      { cod_prestador: '12345678901' },
      'cod_prestador',
      'El código de habilitación REPS (cod_prestador) debe tener exactamente 12 dígitos',
    ],
    [
      'service level threshold',
      { cc_service_level_threshold_seconds: 601 },
      'cc_service_level_threshold_seconds',
      'El umbral del nivel de servicio debe estar entre 1 y 600 segundos',
    ],
    ['timezone', { org_timezone: 'Mars/Olympus' }, 'org_timezone', 'Zona horaria inválida'],
    [
      'e-mail',
      { notifications_email: 'no-es-correo' },
      'notifications_email',
      'Ingrese un correo electrónico válido',
    ],
  ];
  it.each(cases)('%s', async (_name, payload, field, message) => {
    const res = await put(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toContain(message);
    expect(res.json().message).toContain(message);
  });

  it('start before end, against the stored values', async () => {
    expect((await put({ ai_start_time: '08:00', ai_end_time: '17:00' })).statusCode).toBe(200);
    const res = await put({ ai_start_time: '17:30' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('La hora de inicio debe ser menor a la hora de fin');
    expect(res.json().errors).toEqual({
      ai_start_time: ['Debe ser menor que fin'],
      ai_end_time: ['Debe ser mayor que inicio'],
    });
  });

  it('break start before break end, with the field messages', async () => {
    const res = await put({ ai_break_start: '13:00', ai_break_end: '12:00' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El inicio del descanso debe ser menor al fin del descanso');
    expect(res.json().errors).toEqual({
      ai_break_start: ['Debe ser menor que fin'],
      ai_break_end: ['Debe ser mayor que inicio'],
    });
  });

  it('break within the active hours: "Fuera del horario activo" beside the field outside', async () => {
    const res = await put({ ai_break_start: '12:00', ai_break_end: '17:30' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El descanso debe estar dentro del horario activo');
    expect(res.json().errors).toEqual({ ai_break_end: ['Fuera del horario activo'] });
    // Saved inside, then the active hours shrink past it: refused against the stored break.
    expect((await put({ ai_break_start: '12:00', ai_break_end: '13:00' })).statusCode).toBe(200);
    const shrink = await put({ ai_end_time: '12:30' });
    expect(shrink.statusCode).toBe(400);
    expect(shrink.json().errors).toEqual({ ai_break_end: ['Fuera del horario activo'] });
    const early = await put({ ai_start_time: '12:15' });
    expect(early.json().errors).toEqual({ ai_break_start: ['Fuera del horario activo'] });
  });

  it('a break needs both ends or none', async () => {
    const res = await put({ ai_break_end: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ ai_break_end: ['Requerido'] });
    expect((await put({ ai_break_start: '', ai_break_end: '' })).statusCode).toBe(200);
  });

  it('e-mail alerts on need an address', async () => {
    const res = await put({ notifications_email_enabled: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.notifications_email).toEqual(['Ingrese el correo que recibirá las alertas']);
    const okRes = await put({ notifications_email_enabled: true, notifications_email: 'Alertas@IPS.co' });
    expect(okRes.statusCode).toBe(200);
    expect(okRes.json().data.notifications_email).toBe('alertas@ips.co');
  });

  it('refuses unknown keys, internal keys and an empty body', async () => {
    const res = await put({ org_name: 'Otra', color_favorito: 'azul' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Campo de configuración desconocido: color_favorito');
    expect((await put({ installation_demo_mode: true })).statusCode).toBe(400);
    expect((await put({})).json().message).toBe('Envíe al menos un campo de configuración');
    expect((await current()).org_name).not.toBe('Otra');
  });
});

describe('PUT /api/settings: all or nothing, audited, admin only', () => {
  it('saves a valid subset, normalises the NIT, and audits old and new values of each changed key', async () => {
    const before = await current();
    const res = await put({
      org_name: 'Clínica del Norte',
      org_nit: '800.197.268-4',
      cod_prestador: '110010000101',
      cc_max_wait_minutes: 30,
      ai_mon: before.ai_mon, // unchanged: no audit row
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Configuración actualizada');
    expect(res.json().data).toMatchObject({
      org_name: 'Clínica del Norte',
      org_nit: '800197268-4',
      cod_prestador: '110010000101',
      cc_max_wait_minutes: 30,
    });
    expect(await current()).toMatchObject({ org_name: 'Clínica del Norte', org_nit: '800197268-4' });
    const rows = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'settings'), eq(auditLog.userId, t.users.admin.id)))
      .orderBy(auditLog.id);
    const byKey = Object.fromEntries(rows.map((r) => [r.recordId, r]));
    expect(byKey.org_name).toMatchObject({
      action: 'update',
      oldValues: { org_name: before.org_name },
      newValues: { org_name: 'Clínica del Norte' },
    });
    expect(byKey.org_nit?.newValues).toEqual({ org_nit: '800197268-4' });
    expect(byKey.cc_max_wait_minutes?.oldValues).toEqual({ cc_max_wait_minutes: before.cc_max_wait_minutes });
    expect(byKey.ai_mon).toBeUndefined();
    expect(byKey.org_name?.requestId).toBeTruthy();
  });

  it('one bad key changes nothing and writes no audit row', async () => {
    const before = await current();
    const audits = (
      await t.app.deps.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.tableName, 'settings'))
        .orderBy(auditLog.id)
    ).length;
    const res = await put({ org_name: 'No debe quedar', org_address: 'Calle 1', cc_max_wait_minutes: 999 });
    expect(res.statusCode).toBe(400);
    // A cross-field rule refuses the whole request too.
    const cross = await put({ org_name: 'Tampoco', ai_break_start: '23:00', ai_break_end: '22:00' });
    expect(cross.statusCode).toBe(400);
    expect(await current()).toEqual(before);
    expect(
      (
        await t.app.deps.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.tableName, 'settings'))
          .orderBy(auditLog.id)
      ).length,
    ).toBe(audits);
  });

  it('only the administrator writes; every signed-in role reads', async () => {
    for (const role of ['supervisor', 'agent', 'doctor', 'reception'] as const) {
      const other = as(t.app, await loginAs(t.app, `${role}@test.ips.co`));
      const res = await other({ method: 'PUT', url: '/api/settings', payload: { org_name: 'Intruso' } });
      expect(res.statusCode).toBe(403);
      expect((await other({ method: 'GET', url: '/api/settings' })).statusCode).toBe(200);
    }
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/settings', payload: { org_name: 'x' } })).statusCode,
    ).toBe(401);
    expect((await current()).org_name).not.toBe('Intruso');
  });

  it('the timezone takes effect at once, without a restart', async () => {
    expect((await put({ org_timezone: 'America/Lima' })).statusCode).toBe(200);
    expect(t.app.deps.config.orgTimezone).toBe('America/Lima');
    const pub = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(pub.json().data).toMatchObject({ org_timezone: 'America/Lima', org_name: 'Clínica del Norte' });
    expect((await put({ org_timezone: 'America/Bogota' })).statusCode).toBe(200);
    expect(t.app.deps.config.orgTimezone).toBe('America/Bogota');
  });
});

describe('GET /api/timezones', () => {
  it('lists the IANA zones with their current offset, America/Bogota first', async () => {
    const res = await admin({ method: 'GET', url: '/api/timezones' });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { id: string; offset: string; offset_minutes: number }[];
    expect(list[0]).toEqual({ id: 'America/Bogota', offset: 'UTC-05:00', offset_minutes: -300 });
    expect(list.length).toBeGreaterThan(300);
    const ids = list.map((z) => z.id);
    expect(ids).toEqual(
      expect.arrayContaining(['UTC', 'Europe/Madrid', 'America/Mexico_City', 'Asia/Kolkata']),
    );
    expect(list.find((z) => z.id === 'Asia/Kolkata')).toMatchObject({
      offset: 'UTC+05:30',
      offset_minutes: 330,
    });
    expect(new Set(ids).size).toBe(ids.length);
    const rest = list.slice(1).map((z) => z.offset_minutes);
    expect(rest).toEqual([...rest].sort((a, b) => a - b));
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/timezones' })).statusCode).toBe(401);
  });
});

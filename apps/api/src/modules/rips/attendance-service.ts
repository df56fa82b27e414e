import { sql } from 'drizzle-orm';
import { AppError } from '@ips/shared/errors';
import {
  RIPS_MESSAGES,
  RIPS_TABLES,
  TELEMEDICINE_TYPES,
  type AttendanceBody,
  type AttendanceDto,
} from '@ips/shared/schemas/rips';
import type { Executor } from '../../db/client';
import type { Actor, AppDeps, AuthUser } from '../../lib/context';
import { writeAudit } from '../../lib/audit';
import { readScopeOf, type ReadScope } from '../../lib/read-scope';
import { hasCode, isContributivo, loadCodes, userTypeFromAffiliation } from './codes';
import { activeCodes } from './cie10-repo';

/*
 * The attendance record of a Completada appointment (decision 037): what RIPS needs of the visit, proposed from
 * what the product already knows (the specialty's RIPS service, the service's CUPS, the EPS authorization that
 * applies, telemedicine for a Teleconsulta) and saved once per appointment, audited.
 */

type Context = {
  appointment_id: number;
  status: string;
  doctor_id: number;
  appointment_type: string;
  rips_user_type: string | null;
  insurance_affiliation_type: string | null;
  service_group: string | null;
  service_code: number | null;
  cups_code: string | null;
  authorization_number: string | null;
};

async function contextOf(tx: Executor, appointmentId: number): Promise<Context> {
  const res = await tx.execute<Context>(sql`
    select a.id as appointment_id, a.status, a.doctor_id, a.appointment_type,
           p.rips_user_type, p.insurance_affiliation_type,
           sp.rips_service_group as service_group, sp.rips_service_code as service_code,
           coalesce(s1.cups_code, s2.cups_code, s3.cups_code) as cups_code,
           (select ea.authorization_number from eps_authorizations ea
             where ea.eps_id = p.insurance_eps_id and ea.specialty_id = a.specialty_id
               and ea.location_id = a.location_id and ea.authorized
               and ea.authorization_number is not null
               and (ea.authorization_date is null or ea.authorization_date <= a.scheduled_at::date)
               and (ea.expiration_date is null or ea.expiration_date >= a.scheduled_at::date)
             limit 1) as authorization_number
      from appointments a
      join patients p on p.id = a.patient_id
      join specialties sp on sp.id = a.specialty_id
      left join services s1 on s1.id = a.service_id
      left join appointment_billing b on b.appointment_id = a.id
      left join services s2 on s2.id = b.service_id
      left join services s3 on s3.id = sp.default_service_id
     where a.id = ${appointmentId}`);
  const row = res.rows[0];
  if (!row) throw new AppError('NOT_FOUND', 'Cita no encontrada');
  return row;
}

/** A doctor reads and fills the record only of their own appointments (decision 020). */
function assertScope(scope: ReadScope, ctx: Context) {
  if (scope.kind === 'doctor' && scope.doctorId !== ctx.doctor_id)
    throw new AppError('FORBIDDEN', 'Solo puede registrar la atención de sus propias citas');
}

type Saved = {
  finalidad: string;
  causa: string;
  dx_main: string;
  dx_rel1: string | null;
  dx_rel2: string | null;
  dx_rel3: string | null;
  dx_type: string;
  modality: string;
  service_group: string;
  service_code: number;
  cups_code: string;
  authorization_number: string | null;
  concepto_recaudo: string;
  moderator_value: string | number;
  fev_moderator: string | null;
  updated_at: Date | string;
  dx_main_name: string | null;
};

async function savedOf(tx: Executor, appointmentId: number): Promise<Saved | undefined> {
  const res = await tx.execute<Saved>(sql`
    select r.*, c.name as dx_main_name from rips_attendance r left join cie10 c on c.code = r.dx_main
     where r.appointment_id = ${appointmentId}`);
  return res.rows[0];
}

function toDto(ctx: Context, saved: Saved | undefined): AttendanceDto {
  const userType = ctx.rips_user_type ?? userTypeFromAffiliation(ctx.insurance_affiliation_type);
  const base = {
    appointment_id: ctx.appointment_id,
    patient_user_type: userType,
    contributivo: isContributivo(userType),
  };
  if (saved)
    return {
      ...base,
      saved: true,
      finalidad: saved.finalidad,
      causa: saved.causa,
      dx_main: saved.dx_main,
      dx_main_name: saved.dx_main_name,
      dx_rel1: saved.dx_rel1,
      dx_rel2: saved.dx_rel2,
      dx_rel3: saved.dx_rel3,
      dx_type: saved.dx_type,
      modality: saved.modality,
      service_group: saved.service_group,
      service_code: Number(saved.service_code),
      cups_code: saved.cups_code,
      authorization_number: saved.authorization_number,
      concepto_recaudo: saved.concepto_recaudo,
      moderator_value: Number(saved.moderator_value),
      fev_moderator: saved.fev_moderator,
      updated_at: new Date(saved.updated_at).toISOString(),
    };
  return {
    ...base,
    saved: false,
    // Most outpatient visits: diagnosis, for a general illness, first impression; the doctor changes them.
    finalidad: '15',
    causa: '38',
    dx_main: null,
    dx_main_name: null,
    dx_rel1: null,
    dx_rel2: null,
    dx_rel3: null,
    dx_type: '01',
    modality: (TELEMEDICINE_TYPES as readonly string[]).includes(ctx.appointment_type) ? '06' : '01',
    service_group: ctx.service_group,
    service_code: ctx.service_code === null ? null : Number(ctx.service_code),
    cups_code: ctx.cups_code,
    authorization_number: ctx.authorization_number,
    concepto_recaudo: '05',
    moderator_value: 0,
    fev_moderator: null,
    updated_at: null,
  };
}

export async function getAttendance(deps: AppDeps, user: AuthUser | null, appointmentId: number) {
  const scope = await readScopeOf(deps, user);
  const ctx = await contextOf(deps.db, appointmentId);
  assertScope(scope, ctx);
  return toDto(ctx, await savedOf(deps.db, appointmentId));
}

/** The rules of the record that need the tables; each failure names its field. */
export async function attendanceErrors(tx: Executor, body: AttendanceBody, userType: string | null) {
  const codes = await loadCodes(tx);
  const errors: Record<string, string[]> = {};
  const need = (field: keyof AttendanceBody, table: string, label: string) => {
    if (!hasCode(codes, table, body[field] as string | number))
      errors[field] = [`${label} no está en la tabla ${table}`];
  };
  need('finalidad', RIPS_TABLES.finalidad, 'La finalidad');
  need('causa', RIPS_TABLES.causa, 'La causa de la atención');
  need('dx_type', RIPS_TABLES.tipoDiagnostico, 'El tipo de diagnóstico principal');
  need('modality', RIPS_TABLES.modalidad, 'La modalidad');
  need('service_group', RIPS_TABLES.grupoServicios, 'El grupo de servicios');
  need('service_code', RIPS_TABLES.servicios, 'El código de servicio');
  const dx = [body.dx_main, body.dx_rel1, body.dx_rel2, body.dx_rel3].filter((c): c is string => Boolean(c));
  const known = await activeCodes(tx, dx);
  for (const f of ['dx_main', 'dx_rel1', 'dx_rel2', 'dx_rel3'] as const) {
    const c = body[f];
    if (c && !known.has(c)) errors[f] = [`El diagnóstico ${c} no está en el catálogo CIE-10`];
  }
  if (body.concepto_recaudo === '02' && !isContributivo(userType))
    errors.concepto_recaudo = [RIPS_MESSAGES.cuotaSoloContributivo];
  if (body.concepto_recaudo === '05' && body.moderator_value !== 0)
    errors.moderator_value = [RIPS_MESSAGES.noAplicaCero];
  return errors;
}

export async function saveAttendance(
  deps: AppDeps,
  user: AuthUser | null,
  actor: Actor,
  appointmentId: number,
  body: AttendanceBody,
) {
  // The scope is read before the transaction: on PGlite a second query outside it would wait for it.
  const scope = await readScopeOf(deps, user);
  return deps.db.transaction(async (tx) => {
    const ctx = await contextOf(tx, appointmentId);
    assertScope(scope, ctx);
    if (ctx.status !== 'Completada') throw new AppError('CONFLICT', RIPS_MESSAGES.notCompleted);
    const userType = ctx.rips_user_type ?? userTypeFromAffiliation(ctx.insurance_affiliation_type);
    const errors = await attendanceErrors(tx, body, userType);
    if (Object.keys(errors).length) throw new AppError('VALIDATION', Object.values(errors)[0]![0]!, errors);
    const before = await savedOf(tx, appointmentId);
    const v = {
      finalidad: body.finalidad,
      causa: body.causa,
      dx_main: body.dx_main,
      dx_rel1: body.dx_rel1 ?? null,
      dx_rel2: body.dx_rel2 ?? null,
      dx_rel3: body.dx_rel3 ?? null,
      dx_type: body.dx_type,
      modality: body.modality,
      service_group: body.service_group,
      service_code: body.service_code,
      cups_code: body.cups_code,
      authorization_number: body.authorization_number ?? null,
      concepto_recaudo: body.concepto_recaudo,
      moderator_value: body.moderator_value,
      fev_moderator: body.fev_moderator ?? null,
    };
    const res = await tx.execute<{ id: number }>(sql`
      insert into rips_attendance (appointment_id, finalidad, causa, dx_main, dx_rel1, dx_rel2, dx_rel3, dx_type,
        modality, service_group, service_code, cups_code, authorization_number, concepto_recaudo, moderator_value,
        fev_moderator, created_by, updated_by)
      values (${appointmentId}, ${v.finalidad}, ${v.causa}, ${v.dx_main}, ${v.dx_rel1}, ${v.dx_rel2}, ${v.dx_rel3},
        ${v.dx_type}, ${v.modality}, ${v.service_group}, ${v.service_code}, ${v.cups_code}, ${v.authorization_number},
        ${v.concepto_recaudo}, ${v.moderator_value}, ${v.fev_moderator}, ${actor.userId}, ${actor.userId})
      on conflict (appointment_id) do update set finalidad = excluded.finalidad, causa = excluded.causa,
        dx_main = excluded.dx_main, dx_rel1 = excluded.dx_rel1, dx_rel2 = excluded.dx_rel2, dx_rel3 = excluded.dx_rel3,
        dx_type = excluded.dx_type, modality = excluded.modality, service_group = excluded.service_group,
        service_code = excluded.service_code, cups_code = excluded.cups_code,
        authorization_number = excluded.authorization_number, concepto_recaudo = excluded.concepto_recaudo,
        moderator_value = excluded.moderator_value, fev_moderator = excluded.fev_moderator,
        updated_by = excluded.updated_by, updated_at = now()
      returning id`);
    const { updated_at: _u, dx_main_name: _n, ...old } = before ?? ({} as Saved);
    await writeAudit(tx, actor, {
      table: 'rips_attendance',
      recordId: res.rows[0]!.id,
      action: before ? 'update' : 'create',
      oldValues: before ? { ...old, appointment_id: appointmentId } : undefined,
      newValues: { ...v, appointment_id: appointmentId },
    });
    return toDto(ctx, await savedOf(tx, appointmentId));
  });
}

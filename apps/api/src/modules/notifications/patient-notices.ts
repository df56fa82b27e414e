import { sql } from 'drizzle-orm';
import { EMAIL_NOT_CONFIGURED } from '@ips/shared/schemas/notifications';
import { formatDate, formatTime } from '@ips/shared/format';
import type { Executor } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import { orgName, OUTBOX_CHANNEL } from './notify';
import * as outbox from './outbox-repo';

export const NO_EMAIL_DETAIL = 'El paciente no tiene correo electrónico registrado';

type NoticeRow = {
  id: number;
  message: string;
  email: string | null;
  patient_name: string;
  scheduled_at: string | Date;
  doctor_name: string;
  specialty_name: string;
};

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The e-mail a patient gets when their appointment's agenda is cancelled (es-CO). */
export function patientNoticeEmail(
  org: { name: string; phone: string },
  n: Pick<NoticeRow, 'message' | 'patient_name' | 'doctor_name' | 'specialty_name'>,
  when: { date: string; time: string },
) {
  const contact = org.phone ? ` al ${org.phone}` : '';
  const subject = `${org.name}: su cita del ${when.date} fue cancelada`;
  const paragraphs = [
    `Estimado(a) ${n.patient_name}:`,
    `Le informamos que su cita de ${n.specialty_name} con ${n.doctor_name}, programada para el ${when.date} a las ${when.time}, fue cancelada porque la agenda del profesional no estará disponible.`,
    `Mensaje de ${org.name}: ${n.message}`,
    `Para reprogramar su cita, comuníquese con nosotros${contact}. Si ya reprogramó, puede ignorar este mensaje.`,
    `Atentamente,\n${org.name}`,
  ];
  const text = paragraphs.join('\n\n');
  const html = paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n');
  return { subject, text, html };
}

/**
 * Sends the notices an agenda cancellation left, in its transaction: an outbox e-mail to each patient with an
 * address (the notice follows it: 'enviada' or 'fallida' when the outbox settles), 'sin_correo' for the others.
 * Only notices on the 'sistema' or 'email' channel are e-mailed; the others stay 'pendiente'.
 */
export async function dispatchPatientNotices(tx: Executor, deps: AppDeps, noticeIds: number[]) {
  if (noticeIds.length === 0) return { emailed: 0, withoutEmail: 0 };
  const tz = deps.config.orgTimezone;
  const res = await tx.execute<NoticeRow>(sql`
    select n.id, n.message, nullif(trim(p.email), '') as email, p.name as patient_name, a.scheduled_at,
           d.name as doctor_name, s.name as specialty_name
      from agenda_patient_notices n
      join patients p on p.id = n.patient_id
      join appointments a on a.id = n.appointment_id
      join doctors d on d.id = a.doctor_id
      join specialties s on s.id = a.specialty_id
     where n.id = any(string_to_array(${noticeIds.join(',')}, ',')::int[])
       -- E-mail is the system's own channel; a notice asked for by SMS, WhatsApp or a call stays pending for
       -- the staff (no provider for those channels is configured).
       and n.channel in ('sistema', 'email')
     order by n.id`);
  const phone = deps.settings.get('org_phone');
  const org = { name: orgName(deps), phone: typeof phone === 'string' ? phone.trim() : '' };
  const configured = Boolean(deps.config.smtpUrl && deps.config.smtpFrom);
  let emailed = 0;
  for (const n of res.rows) {
    if (!n.email) {
      await tx.execute(
        sql`update agenda_patient_notices set status = 'sin_correo', detail = ${NO_EMAIL_DETAIL} where id = ${n.id}`,
      );
      continue;
    }
    const at = new Date(n.scheduled_at);
    const mail = patientNoticeEmail(org, n, { date: formatDate(at, tz), time: formatTime(at, tz) });
    const [row] = await outbox.enqueue(tx, [
      {
        kind: 'patient_notice',
        to: n.email,
        ...mail,
        lastError: configured ? null : EMAIL_NOT_CONFIGURED,
      },
    ]);
    await tx.execute(sql`
      update agenda_patient_notices set email_outbox_id = ${row!.id},
             detail = ${configured ? null : EMAIL_NOT_CONFIGURED}
       where id = ${n.id}`);
    emailed++;
  }
  if (emailed > 0) await deps.events.publish(tx, OUTBOX_CHANNEL, 'enqueued', {});
  return { emailed, withoutEmail: res.rows.length - emailed };
}

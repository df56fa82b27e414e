import { sql } from 'drizzle-orm';
import type { TxHooks } from '../../lib/context';
import { AGENDA_AUTO_CANCELLED, AGENDA_CANCELLED_WITH_NOTICES } from '../availabilities';
import { SLOT_OFFERED } from '../queue';
import { RIPS_PACKAGE_CHECKED } from '../rips';
import { TRANSFER_CREATED } from '../transfers';
import { notify } from './notify';
import { clearCondition, raiseCondition } from './repo';
import { dispatchPatientNotices } from './patient-notices';

/** Who tells patients and works the queue: the front desk and the call center with their supervisors. */
const FRONT_DESK = ['admin', 'supervisor', 'agent', 'reception'];
const MANAGERS = ['admin', 'supervisor'];

/**
 * Notifications raised by what happens elsewhere, inside the transaction where it happens (lib/tx-hooks.ts):
 * they commit with it or not at all, once per cause. Registered once per app (app.ts).
 */
export function registerNotificationHooks(hooks: TxHooks): void {
  hooks.on(TRANSFER_CREATED, async (tx, deps, actor, t) => {
    const to = t.toUserId;
    const who = await tx.execute<{ name: string }>(
      sql`select name from users where id = ${t.fromUserId ?? 0}`,
    );
    const from = who.rows[0]?.name ?? 'Otro agente';
    await notify(tx, deps, {
      type: 'transfer_received',
      title: to ? 'Traslado de llamada para usted' : 'Nuevo traslado de llamada sin asignar',
      body: `${from} trasladó una llamada${t.reason ? `: ${t.reason}` : ''} (prioridad ${t.priority}).`,
      link: '/queue',
      audience: to ? { userIds: [to] } : { roles: ['agent', 'supervisor'], exceptUserId: actor.userId },
      createdBy: actor.userId,
    });
  });

  hooks.on(SLOT_OFFERED, async (tx, deps, actor, offer) => {
    await notify(tx, deps, {
      type: 'slot_offered',
      title: `Cupo liberado para ${offer.patientName}`,
      body: offer.reason,
      link: '/queue',
      audience: { roles: ['supervisor', 'agent', 'reception'], exceptUserId: actor.userId },
      createdBy: actor.userId,
    });
  });

  hooks.on(AGENDA_CANCELLED_WITH_NOTICES, async (tx, deps, actor, c) => {
    const sent = await dispatchPatientNotices(tx, deps, c.noticeIds);
    const agenda = await tx.execute<{ doctor: string; date: string }>(sql`
      select d.name as doctor, to_char(a.date, 'DD/MM/YYYY') as date
        from availabilities a join doctors d on d.id = a.doctor_id where a.id = ${c.agendaId}`);
    const a = agenda.rows[0];
    const n = c.noticeIds.length;
    const noEmail = sent.withoutEmail;
    await notify(tx, deps, {
      type: 'agenda_cancelled',
      title: `Agenda cancelada: ${n} ${n === 1 ? 'paciente por avisar' : 'pacientes por avisar'}`,
      body:
        `${a ? `${a.doctor}, ${a.date}. ` : ''}Mensaje: ${c.message.replace(/[.\s]+$/, '')}. ` +
        `${sent.emailed} por correo` +
        (noEmail > 0 ? `; ${noEmail} sin correo registrado (avisar por teléfono).` : '.'),
      link: '/daily-agenda',
      audience: { roles: FRONT_DESK, exceptUserId: actor.userId },
      createdBy: actor.userId,
    });
  });

  hooks.on(AGENDA_AUTO_CANCELLED, async (tx, deps, actor, r) => {
    await notify(tx, deps, {
      type: 'auto_cancel',
      title: `Auto-cancelación: ${r.cancelled} ${r.cancelled === 1 ? 'agenda vencida' : 'agendas vencidas'}`,
      body:
        `${r.trigger === 'automatic' ? 'Ejecución automática' : 'Ejecución manual'}; ` +
        `${r.appointmentsCancelled} ${r.appointmentsCancelled === 1 ? 'cita cancelada' : 'citas canceladas'}.`,
      link: '/distribution',
      audience: { roles: MANAGERS, exceptUserId: actor.userId },
      createdBy: actor.userId,
    });
  });

  // A package with problems, once per cause (its invoice, or RS with its period and EPS) while they last; a
  // build of the same cause without problems clears it, so a later problem raises it anew.
  hooks.on(RIPS_PACKAGE_CHECKED, async (tx, deps, actor, p) => {
    const key = `rips_problems:${p.cause}`;
    if (p.problems === 0) {
      await clearCondition(tx, key);
      return;
    }
    if (!(await raiseCondition(tx, key, { package_id: p.packageId, problems: p.problems }))) return;
    await notify(tx, deps, {
      type: 'rips_problems',
      title: `Paquete RIPS con problemas: ${p.label}`,
      body: `${p.problems} ${p.problems === 1 ? 'problema' : 'problemas'} por corregir antes de enviarlo al validador del Ministerio.`,
      link: `/rips?package=${p.packageId}`,
      audience: { roles: ['admin', 'supervisor', 'reception'] },
      createdBy: actor.userId,
    });
  });
}

import type { TxHooks } from '../../lib/context';
import { RESTORED, SLOT_FREED } from '../appointments';
import { writeAudit } from '../../lib/audit';
import { publishQueueEvent } from './events';
import { freedSlotAction, offerFreedSlot } from './freed-slot';
import { cancelWaitingFromAppointment } from './repo';

/**
 * The waiting queue's part in an appointment's changes, in the appointment's own transaction: a freed slot is
 * offered to (or booked for) the next patient waiting, as the queue_freed_slot_action setting says; a restored
 * appointment's patient leaves the queue their cancellation had put them in. Registered once per app (app.ts).
 */
export function registerQueueHooks(hooks: TxHooks): void {
  hooks.on(SLOT_FREED, async (tx, deps, actor, freed) => {
    await offerFreedSlot(tx, deps, actor, freed, await freedSlotAction(tx));
  });
  hooks.on(RESTORED, async (tx, deps, actor, appointmentId) => {
    for (const entry of await cancelWaitingFromAppointment(tx, appointmentId, 'Cita restaurada')) {
      await writeAudit(tx, actor, {
        table: 'queue_entries',
        recordId: entry.id,
        action: 'remove',
        newValues: { status: entry.status, outcome: entry.outcome, restored_appointment_id: appointmentId },
      });
      await publishQueueEvent(tx, deps, 'cancelled', entry);
    }
  });
}

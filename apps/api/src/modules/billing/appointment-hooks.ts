import { COMPLETED } from '../appointments';
import type { TxHooks } from '../../lib/context';
import { createForCompletedAppointment } from './service';

/**
 * Billing's part in an appointment's change (decision 031): the appointment that becomes Completada gets its
 * billing record in the same transaction. Registered once per app (app.ts).
 */
export function registerBillingHooks(hooks: TxHooks): void {
  hooks.on(COMPLETED, (tx, deps, actor, appointmentId) =>
    createForCompletedAppointment(tx, deps, actor, appointmentId),
  );
}

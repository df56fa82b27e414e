import type { AppointmentStatus } from '../schemas/appointments';

/**
 * Appointment status changes (spec part 1 §4). Pendiente is confirmed or cancelled; Confirmada is completed,
 * cancelled, returned to the queue or reassigned; Cancelada comes back only through restore (to Confirmada);
 * Completada is final. The screens use `canTransition` to show the actions; the server refuses the rest with
 * `transitionError` as a 409.
 */
export type AppointmentAction =
  'confirm' | 'complete' | 'cancel' | 'restore' | 'return-to-queue' | 'reassign';

const ALLOWED: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  Pendiente: ['Confirmada', 'Cancelada'],
  Confirmada: ['Completada', 'Cancelada'],
  Cancelada: ['Confirmada'],
  Completada: [],
};

export const TRANSITION_MESSAGES = {
  alreadyPendiente: 'La cita ya está pendiente',
  alreadyConfirmada: 'La cita ya está confirmada',
  alreadyCompletada: 'La cita ya está completada',
  alreadyCancelada: 'La cita ya está cancelada',
  completedFinal: 'No se puede modificar una cita completada',
  cancelCompleted: 'No se puede cancelar una cita completada',
  completeOnlyConfirmed: 'Solo se pueden completar citas confirmadas',
  backToPending: 'Una cita confirmada no puede volver a pendiente',
  cancelledOnlyRestore: 'Una cita cancelada solo puede restaurarse',
  restoreOnlyCancelled: 'Solo se pueden restaurar citas canceladas',
  queueOnlyConfirmed: 'Solo se pueden devolver a la cola citas confirmadas',
  reassignOnlyConfirmed: 'Solo se pueden reasignar citas confirmadas',
  editClosed: 'No se puede modificar una cita cancelada o completada',
} as const;
const M = TRANSITION_MESSAGES;

export function canTransition(from: AppointmentStatus, to: AppointmentStatus): boolean {
  return ALLOWED[from].includes(to);
}

/** Why `from → to` is refused, or null when it is allowed. */
export function transitionError(from: AppointmentStatus, to: AppointmentStatus): string | null {
  if (canTransition(from, to)) return null;
  if (from === to) return M[`already${from}`];
  if (from === 'Completada') return to === 'Cancelada' ? M.cancelCompleted : M.completedFinal;
  if (from === 'Cancelada') return M.cancelledOnlyRestore;
  if (to === 'Completada') return M.completeOnlyConfirmed;
  return M.backToPending;
}

/** Which actions of the manage menu an appointment in `status` offers. */
export function allowedActions(status: AppointmentStatus): AppointmentAction[] {
  switch (status) {
    case 'Pendiente':
      return ['confirm', 'cancel'];
    case 'Confirmada':
      return ['complete', 'cancel', 'return-to-queue', 'reassign'];
    case 'Cancelada':
      return ['restore'];
    case 'Completada':
      return [];
  }
}

/** The message for an action that the status does not allow, or null when it is allowed. */
export function actionError(status: AppointmentStatus, action: AppointmentAction): string | null {
  if (allowedActions(status).includes(action)) return null;
  switch (action) {
    case 'restore':
      return M.restoreOnlyCancelled;
    case 'return-to-queue':
      return M.queueOnlyConfirmed;
    case 'reassign':
      return M.reassignOnlyConfirmed;
    case 'cancel':
      return transitionError(status, 'Cancelada');
    case 'confirm':
      return transitionError(status, 'Confirmada');
    case 'complete':
      return transitionError(status, 'Completada');
  }
}

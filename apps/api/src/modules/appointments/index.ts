/** What other modules may use of appointments: booking, slots, the rows others lock in their transactions. */
export { busyMinutes } from './agenda-time';
export { bookInTransaction } from './booking';
export {
  type BusyInterval,
  busyIntervals,
  busyOnAgendaDays,
  findAgenda,
  findPatient,
  lockAgenda,
  overlapping,
} from './booking-repo';
export { BOOKING_ROLES } from './booking-routes';
export { auditView, toAppointmentDto } from './dto';
export { COMPLETED, RESTORED, SLOT_FREED } from './hooks';
export {
  type AppointmentRow,
  countNonCancelledOfAgenda,
  doctorBusy,
  findByIdForUpdate,
  findWithNames,
  listAll,
  nonCancelledOfAgendaForUpdate,
  openOfAgendaForUpdate,
  patientBusy,
  update,
} from './repo';
export {
  APPOINTMENTS_CHANNEL,
  cancelAppointment,
  cancelOpenAppointmentsOfAgenda,
  localRange,
} from './service';
export { findDrift, NO_SLOTS_MESSAGE, releaseSlot, setBookedSlots, takeSlot, type SlotDrift } from './slots';

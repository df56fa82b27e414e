/** What the appointment actions need of an appointment: any AppointmentDto or agenda appointment fits. */
export interface AppointmentRef {
  id: number;
  status: string;
  patient_name: string;
  scheduled_at: string;
  /** The agenda it is booked in; needed to offer reassignment targets. */
  availability_id?: number | null;
}

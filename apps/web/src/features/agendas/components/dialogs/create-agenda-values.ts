/** The create-agenda form's values as the inputs hold them (text until the schema parses them). */
export interface CreateAgendaValues {
  location_id: string;
  specialty_id: string;
  doctor_id: string;
  date: string;
  start_time: string;
  end_time: string;
  capacity: string;
  duration_minutes: string;
  notes: string;
  auto_preallocate: boolean;
  preallocation_publish_date: string;
  auto_distribute: boolean;
  distribution_start_date: string;
  distribution_end_date: string;
  exclude_weekends: boolean;
}

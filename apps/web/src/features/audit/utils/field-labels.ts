import { ROLE_LABELS, type Role } from '@ips/shared/catalogs/roles';
import { localDateTime } from '@ips/shared/format';
import { settingLabel } from '@ips/shared/schemas/settings-labels';
import { showValue } from './diff';

/** Spanish labels of the fields the modules write in audit values; any other key is shown as written. */
const FIELD_LABELS: Record<string, string> = {
  id: 'ID',
  name: 'Nombre',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  department: 'Departamento',
  role: 'Rol',
  status: 'Estado',
  must_change_password: 'Debe cambiar la contraseña',
  document: 'Documento',
  document_type_id: 'Tipo de documento',
  birth_date: 'Fecha de nacimiento',
  gender: 'Género',
  address: 'Dirección',
  municipality_id: 'Municipio',
  zone_id: 'Zona',
  insurance_eps_id: 'EPS',
  eps_id: 'EPS',
  patient_id: 'Paciente',
  doctor_id: 'Doctor',
  specialty_id: 'Especialidad',
  location_id: 'Sede',
  location_type_id: 'Tipo de sede',
  room_id: 'Consultorio',
  availability_id: 'Agenda',
  service_id: 'Servicio',
  cups_id: 'CUPS',
  user_id: 'Usuario',
  date: 'Fecha',
  start_time: 'Hora de inicio',
  end_time: 'Hora de fin',
  capacity: 'Capacidad',
  booked_slots: 'Cupos ocupados',
  duration_minutes: 'Duración (minutos)',
  scheduled_at: 'Fecha y hora',
  ends_at: 'Fin',
  appointment_type: 'Tipo de cita',
  reason: 'Motivo',
  notes: 'Notas',
  cancellation_reason: 'Motivo de cancelación',
  insurance_type: 'Tipo de aseguramiento',
  priority: 'Prioridad',
  code: 'Código',
  category: 'Categoría',
  price: 'Precio',
  requires_authorization: 'Requiere autorización',
  description: 'Descripción',
  created_at: 'Creado',
  updated_at: 'Actualizado',
  created_by: 'Creado por',
  license_number: 'Registro médico',
  from_date: 'Desde',
  to_date: 'Hasta',
  value: 'Valor',
  key: 'Clave',
};

/** A settings change carries its key as the field ('ai_start_time'): it reads as the setting's name. */
export const fieldLabel = (key: string) => FIELD_LABELS[key] ?? settingLabel(key);

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A value as the detail shows it: an instant (ISO 8601) in the organisation's time as dd/MM/yyyy HH:mm:ss, a
 * role by its Spanish name, anything else as showValue does.
 */
export function showFieldValue(key: string, v: unknown, timezone: string): string {
  if (typeof v === 'string' && INSTANT.test(v)) {
    const [d, t] = localDateTime(new Date(v), timezone).split(' ');
    const [y, m, day] = d!.split('-');
    return `${day}/${m}/${y} ${t}`;
  }
  if (key === 'role' && typeof v === 'string' && v in ROLE_LABELS) return ROLE_LABELS[v as Role];
  return showValue(v);
}

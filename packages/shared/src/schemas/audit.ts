import { z } from 'zod';
import { filterId, filterOf, optionalDay } from './availabilities';
import { limitQuery, ok, pageQuery } from './common';
import { settingLabel } from './settings-labels';

/*
 * The audit viewer (spec part 2 §7 "Audit", §9; decision 029): every change written to audit_log, filtered by
 * table, record, user, action and a period of local days (from, to inclusive), newest first, paged on the server.
 */

export { AUDIT_ROLES } from '../catalogs/roles';

/** A total past this many rows is not counted: the answer says "más de" (`exact: false`). */
export const AUDIT_COUNT_CAP = 1_000;
/** Pages are read within the counted rows; past them the filters must be narrowed (or the CSV exported). */
export const AUDIT_MAX_OFFSET = AUDIT_COUNT_CAP;
export const AUDIT_SUMMARY_DEFAULT_DAYS = 30;

/** Spanish names of the audited tables (raw name for any other). */
export const AUDIT_TABLE_LABELS: Record<string, string> = {
  agenda_templates: 'Plantillas de agenda',
  appointment_billing: 'Facturación',
  appointments: 'Citas',
  availabilities: 'Agendas',
  availability_distributions: 'Distribución de agendas',
  call_audio: 'Audio de llamadas',
  call_logs: 'Registro de llamadas',
  call_statuses: 'Estados de llamada',
  calls: 'Llamadas',
  cups: 'CUPS',
  doctor_service_prices: 'Tarifas por doctor',
  doctors: 'Doctores',
  email_outbox: 'Correo saliente',
  eps: 'EPS',
  eps_authorizations: 'Autorizaciones EPS',
  holidays: 'Festivos',
  location_types: 'Tipos de sede',
  locations: 'Sedes',
  municipalities: 'Municipios',
  notification_preferences: 'Preferencias de notificación',
  notifications: 'Notificaciones',
  patient_documents: 'Documentos de pacientes',
  patients: 'Pacientes',
  pregnancies: 'Embarazos',
  prenatal_controls: 'Controles prenatales',
  queue_entries: 'Cola de espera',
  queue_slot_offers: 'Ofertas de cupo',
  rips_attendance: 'Registro de atención (RIPS)',
  rips_packages: 'Paquetes RIPS',
  services: 'Servicios',
  sessions: 'Sesiones',
  settings: 'Configuración',
  specialties: 'Especialidades',
  specialty_indicators: 'Indicadores por especialidad',
  transfers: 'Traslados de llamadas',
  uploads: 'Archivos subidos',
  users: 'Usuarios',
  voice_consultations: 'Consultas del agente de voz',
  zones: 'Zonas',
};

/** Spanish names of the actions the modules write (raw name for any other). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  create: 'Creación',
  update: 'Actualización',
  delete: 'Eliminación',
  hard_delete: 'Eliminación permanente',
  download: 'Descarga',
  status: 'Cambio de estado',
  cancel: 'Cancelación',
  auto_cancel: 'Cancelación automática',
  reschedule: 'Reprogramación',
  reassign: 'Reasignación',
  move_with_agenda: 'Movida con la agenda',
  assign: 'Asignación',
  enqueue: 'Ingreso a la cola',
  remove: 'Retiro',
  scheduled: 'Agendada',
  'return-to-queue': 'Devuelta a la cola',
  'slot-assigned': 'Cupo asignado',
  'slot-offered': 'Cupo ofrecido',
  accept: 'Aceptación',
  reject: 'Rechazo',
  complete: 'Completado',
  transfer: 'Traslado',
  regenerate: 'Regeneración',
  sync_slots: 'Recuento de cupos',
  sync_time: 'Sincronización de horario',
  revoke: 'Cierre de sesión forzado',
  unlock: 'Desbloqueo',
  reset_password: 'Restablecimiento de contraseña',
  change_password: 'Cambio de contraseña',
  generate: 'Generación',
  restore: 'Restauración',
  import: 'Importación',
  dispatch: 'Envío al proveedor',
  send: 'Envío',
  cuv: 'Registro del CUV',
  unchanged: 'Sin cambios',
  attend: 'Atención',
  hold: 'Puesta en espera',
  end: 'Finalización',
  reactivate: 'Reactivación',
  inactivate: 'Inactivación',
  confirm: 'Confirmación',
  close: 'Cierre',
  'test-email': 'Correo de prueba',
};

export const auditTableLabel = (t: string) => AUDIT_TABLE_LABELS[t] ?? t;
export const auditActionLabel = (a: string) => AUDIT_ACTION_LABELS[a] ?? a;
/** The record as people read it: a setting by its name ('Zona horaria'), any other by its id. */
export const auditRecordLabel = (table: string, recordId: string) =>
  table === 'settings' ? settingLabel(recordId) : recordId;

const M = {
  table: 'Tabla inválida',
  record: 'El registro debe tener máximo 100 caracteres',
  action: 'Acción inválida',
  recordNeedsTable: 'Para buscar por registro, elija también la tabla',
  period: 'La fecha inicial no puede ser posterior a la final',
  days: 'El periodo debe estar entre 1 y 365 días',
} as const;

const tableName = filterOf(
  z
    .string()
    .trim()
    .max(63, M.table)
    .regex(/^[a-z][a-z0-9_]*$/, M.table),
);
const recordId = filterOf(z.string().trim().min(1, M.record).max(100, M.record));
const action = filterOf(
  z
    .string()
    .trim()
    .max(40, M.action)
    .regex(/^[a-z][a-z0-9_-]*$/, M.action),
);

const filterFields = {
  table_name: tableName,
  record_id: recordId,
  user_id: filterId('Usuario inválido'),
  action,
  from: filterOf(optionalDay),
  to: filterOf(optionalDay),
};

type FilterShape = {
  table_name?: string;
  record_id?: string;
  from?: string;
  to?: string;
};
function checkFilters(q: FilterShape, ctx: z.RefinementCtx) {
  if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', message: M.period, path: ['from'] });
  if (q.record_id && !q.table_name)
    ctx.addIssue({ code: 'custom', message: M.recordNeedsTable, path: ['table_name'] });
}

export const auditQuery = z
  .object({ ...filterFields, page: pageQuery, limit: limitQuery(50, 200) })
  .superRefine(checkFilters);
export type AuditQuery = z.infer<typeof auditQuery>;

/** The CSV export: the same filters, every matching row; `token` because a download link sends no header. */
export const auditExportQuery = z
  .object({ ...filterFields, token: z.string().optional() })
  .superRefine(checkFilters);
export type AuditExportQuery = z.infer<typeof auditExportQuery>;

export const auditSummaryQuery = z.object({
  days: z.coerce
    .number({ error: M.days })
    .int(M.days)
    .min(1, M.days)
    .max(365, M.days)
    .default(AUDIT_SUMMARY_DEFAULT_DAYS),
});
export type AuditSummaryQuery = z.infer<typeof auditSummaryQuery>;

export const auditEntryDto = z.object({
  id: z.number(),
  table_name: z.string(),
  record_id: z.string(),
  action: z.string(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
  user_role: z.string().nullable(),
  request_id: z.string().nullable(),
  /** 'YYYY-MM-DD HH:mm:ss' in the organisation's timezone. */
  created_at: z.string(),
});
export type AuditEntryDto = z.infer<typeof auditEntryDto>;

export const auditListResponse = ok(z.array(auditEntryDto)).extend({
  total: z.number(),
  exact: z
    .boolean()
    .describe(`false: pasó de ${AUDIT_COUNT_CAP} coincidencias y \`total\` significa "más de"`),
  page: z.number(),
  limit: z.number(),
});
export type AuditListResponse = z.infer<typeof auditListResponse>;

export const auditDetailDto = auditEntryDto.extend({
  old_values: z.unknown().nullable(),
  new_values: z.unknown().nullable(),
});
export type AuditDetailDto = z.infer<typeof auditDetailDto>;
export const auditDetailResponse = ok(auditDetailDto);

const count = z.object({ count: z.number() });
export const auditSummaryDto = z.object({
  days: z.number(),
  /** First and last local day of the window ('YYYY-MM-DD'), today included. */
  from: z.string(),
  to: z.string(),
  total: z.number(),
  by_table: z.array(count.extend({ table_name: z.string() })),
  by_action: z.array(count.extend({ action: z.string() })),
  by_user: z.array(
    count.extend({
      user_id: z.number().nullable(),
      user_name: z.string().nullable(),
      user_role: z.string().nullable(),
    }),
  ),
});
export type AuditSummaryDto = z.infer<typeof auditSummaryDto>;
export const auditSummaryResponse = ok(auditSummaryDto);

import { z } from 'zod';
import { emailOrBlank } from './email';
import { nit, codPrestador } from './colombian-ids';

/**
 * The organisation settings (spec part 2 §3 "Settings", "Notification settings", "AI settings"), their rules and
 * messages (§5), written once for the API's partial PUT and for the forms of Configuración and Configuración de IA.
 */

// ——— Field rules ———

export const HHMM_MESSAGE = 'La hora debe tener el formato HH:MM';
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, HHMM_MESSAGE);
/** A break time may be left empty (no break). */
const optionalHhmm = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d)?$/, HHMM_MESSAGE);
const bool = (label: string) => z.boolean({ error: `${label}: debe ser verdadero o falso` });

export const LOGO_MESSAGE = 'El logo debe ser una imagen subida con «Subir logo» (/uploads/…)';
/**
 * A logo stored through `/uploads`: its SHA-256 and the extension of what it is (issue 33). Never another site's
 * address: the logo is shown on the sign-in page to anyone, and an outside image there would tell that site who
 * opens it (a tracking pixel). Nor any other local path (`/uploads/../../etc/passwd`, issue 34).
 */
export function isLogoUrl(v: string): boolean {
  return v === '' || /^\/uploads\/[0-9a-f]{64}\.(?:png|jpg|webp)$/.test(v);
}

export function isTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const optionalEmail = emailOrBlank({
  invalid: 'Ingrese un correo electrónico válido',
  max: 150,
  tooLong: 'El correo no puede exceder 150 caracteres',
});

const message = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label}: el mensaje no puede estar vacío`)
    .max(1000, `${label}: el mensaje no puede exceder 1000 caracteres`);

const intRange = (min: number, max: number, msg: string) =>
  z.number({ error: msg }).int(msg).min(min, msg).max(max, msg);

export const QUEUE_FREED_SLOT_ACTIONS = ['auto_assign', 'notify', 'off'] as const;

/** Every setting an administrator may change, with its own rule. Keys outside this list are refused. */
export const settingFields = {
  // Información de la IPS
  org_name: z
    .string({ error: 'El nombre de la IPS es requerido' })
    .trim()
    .min(1, 'El nombre de la IPS es requerido')
    .max(150, 'El nombre de la IPS no puede exceder 150 caracteres'),
  org_address: z.string().trim().max(200, 'La dirección no puede exceder 200 caracteres'),
  org_phone: z
    .string()
    .trim()
    .max(40, 'El teléfono no puede exceder 40 caracteres')
    .regex(/^[\d\s()+\-.ext]*$/i, 'El teléfono solo puede tener dígitos, espacios y + ( ) -'),
  org_email: optionalEmail,
  org_website: z
    .string()
    .trim()
    .max(200, 'El sitio web no puede exceder 200 caracteres')
    .refine((v) => v === '' || /^https?:\/\/\S+$/.test(v), 'El sitio web debe ser una URL http/https'),
  org_nit: nit,
  cod_prestador: codPrestador,
  org_logo_url: z.string().trim().max(500, LOGO_MESSAGE).refine(isLogoUrl, LOGO_MESSAGE),
  org_timezone: z.string().refine(isTimezone, 'Zona horaria inválida'),
  // Configuración de Call Center
  cc_call_recording_enabled: bool('Grabación de llamadas'),
  cc_auto_distribution_enabled: bool('Distribución automática'),
  cc_max_wait_minutes: intRange(1, 240, 'Tiempo máximo de espera entre 1 y 240'),
  cc_service_level_threshold_seconds: intRange(
    1,
    600,
    'El umbral del nivel de servicio debe estar entre 1 y 600 segundos',
  ),
  // Automatización de Agenda
  auto_cancel_without_confirmation: bool('Cancelar sin confirmación'),
  auto_cancel_also_appointments_default: bool('Cancelar también las citas'),
  queue_freed_slot_action: z.enum(QUEUE_FREED_SLOT_ACTIONS, {
    error: 'Acción inválida para el cupo liberado',
  }),
  attend_early_tolerance_minutes: intRange(
    0,
    1440,
    'La anticipación para marcar atendida debe estar entre 0 y 1440 minutos',
  ),
  // Alertas por correo
  notifications_email_enabled: bool('Alertas por correo'),
  notifications_email: optionalEmail,
  alert_long_queue_enabled: bool('Alerta de cola larga'),
  alert_agents_offline_enabled: bool('Alerta de agentes desconectados'),
  // Asistente de IA
  ai_enabled: bool('Asistente de IA'),
  ai_auto_answer: bool('Respuesta automática'),
  ai_response_timeout_seconds: intRange(1, 120, 'El tiempo de respuesta debe estar entre 1 y 120 segundos'),
  ai_start_time: hhmm,
  ai_end_time: hhmm,
  ai_mon: bool('Lunes'),
  ai_tue: bool('Martes'),
  ai_wed: bool('Miércoles'),
  ai_thu: bool('Jueves'),
  ai_fri: bool('Viernes'),
  ai_sat: bool('Sábado'),
  ai_sun: bool('Domingo'),
  ai_pause_holidays: bool('Pausar en festivos'),
  ai_vacation_mode: bool('Modo vacaciones'),
  ai_break_start: optionalHhmm,
  ai_break_end: optionalHhmm,
  ai_message_welcome: message('Mensaje de bienvenida'),
  ai_message_offline: message('Mensaje fuera de horario'),
  ai_message_transfer: message('Mensaje de transferencia'),
} as const;

export type SettingKey = keyof typeof settingFields;
export const SETTING_KEYS = Object.keys(settingFields) as SettingKey[];
export type OrgSettingsValues = { [K in SettingKey]: z.output<(typeof settingFields)[K]> };

/** The defaults (spec part 2 §3 and §9: timezone America/Bogota, max wait 15, AI timeout 3, …). */
export const SETTING_DEFAULTS: OrgSettingsValues = {
  org_name: 'IPS Salud Integral',
  org_address: '',
  org_phone: '',
  org_email: '',
  org_website: '',
  org_nit: '',
  cod_prestador: '',
  org_logo_url: '',
  org_timezone: 'America/Bogota',
  cc_call_recording_enabled: false,
  cc_auto_distribution_enabled: false,
  cc_max_wait_minutes: 15,
  cc_service_level_threshold_seconds: 20,
  auto_cancel_without_confirmation: false,
  auto_cancel_also_appointments_default: true,
  queue_freed_slot_action: 'notify',
  attend_early_tolerance_minutes: 60,
  notifications_email_enabled: false,
  notifications_email: '',
  alert_long_queue_enabled: true,
  alert_agents_offline_enabled: true,
  ai_enabled: false,
  ai_auto_answer: false,
  ai_response_timeout_seconds: 3,
  ai_start_time: '07:00',
  ai_end_time: '19:00',
  ai_mon: true,
  ai_tue: true,
  ai_wed: true,
  ai_thu: true,
  ai_fri: true,
  ai_sat: false,
  ai_sun: false,
  ai_pause_holidays: true,
  ai_vacation_mode: false,
  ai_break_start: '',
  ai_break_end: '',
  ai_message_welcome:
    'Bienvenido(a). Soy el asistente virtual de la IPS. ¿En qué le puedo ayudar: agendar, confirmar o cancelar una cita?',
  ai_message_offline:
    'En este momento estamos fuera del horario de atención. Por favor comuníquese de nuevo en nuestro horario.',
  ai_message_transfer: 'Un momento, por favor. Le comunico con uno de nuestros agentes.',
};

// ——— The partial PUT ———

export const UNKNOWN_KEY_MESSAGE = 'Campo de configuración desconocido';

/** PUT /settings: any subset of the keys, each checked by its own rule; an unknown key is refused. */
export const updateSettingsBody = z
  .strictObject(
    Object.fromEntries(SETTING_KEYS.map((k) => [k, settingFields[k].optional()])) as {
      [K in SettingKey]: z.ZodOptional<(typeof settingFields)[K]>;
    },
    {
      error: (iss) =>
        iss.code === 'unrecognized_keys'
          ? `${UNKNOWN_KEY_MESSAGE}: ${iss.keys.join(', ')}`
          : 'Envíe un objeto con los campos de configuración',
    },
  )
  .refine((v) => Object.keys(v).length > 0, 'Envíe al menos un campo de configuración');
export type UpdateSettingsBody = z.infer<typeof updateSettingsBody>;

// ——— Rules across fields, checked on the merged result (stored values + the request) ———

export const AI_HOURS_MESSAGE = 'La hora de inicio debe ser menor a la hora de fin';
export const BREAK_ORDER_MESSAGE = 'El inicio del descanso debe ser menor al fin del descanso';
export const BREAK_WITHIN_MESSAGE = 'El descanso debe estar dentro del horario activo';
export const BREAK_BOTH_MESSAGE = 'Indique el inicio y el fin del descanso, o deje ambos vacíos';
/** The field message of a break time outside the active hours (spec part 2 §5). */
const OUTSIDE_HOURS = 'Fuera del horario activo';
export const ALERT_EMAIL_MESSAGE = 'Ingrese el correo que recibirá las alertas';

export interface CrossFieldProblem {
  /** The message of the whole rule (the toast, the response's `message`). */
  message: string;
  /** Every key the rule reads: a request that touches none of them is not refused for it. */
  keys: SettingKey[];
  /** The message beside each field concerned. */
  fields: Partial<Record<SettingKey, string>>;
}

type CrossFieldInput = Pick<
  OrgSettingsValues,
  | 'ai_start_time'
  | 'ai_end_time'
  | 'ai_break_start'
  | 'ai_break_end'
  | 'notifications_email_enabled'
  | 'notifications_email'
>;

/** The rules of spec part 2 §5 "AI settings" that involve two fields, and the alert address when alerts are on. */
export function crossFieldProblems(s: CrossFieldInput): CrossFieldProblem[] {
  const problems: CrossFieldProblem[] = [];
  const start = s.ai_start_time;
  const end = s.ai_end_time;
  const hoursOk = start < end;
  if (!hoursOk)
    problems.push({
      message: AI_HOURS_MESSAGE,
      keys: ['ai_start_time', 'ai_end_time'],
      fields: { ai_start_time: 'Debe ser menor que fin', ai_end_time: 'Debe ser mayor que inicio' },
    });
  const bs = s.ai_break_start;
  const be = s.ai_break_end;
  if ((bs === '') !== (be === '')) {
    problems.push({
      message: BREAK_BOTH_MESSAGE,
      keys: ['ai_break_start', 'ai_break_end'],
      fields: bs === '' ? { ai_break_start: 'Requerido' } : { ai_break_end: 'Requerido' },
    });
    // The time given is judged too: a start outside the active hours is wrong whatever the end will be.
    const outside = bs !== '' ? bs < start || bs >= end : be > end || be <= start;
    if (hoursOk && outside)
      problems.push({
        message: BREAK_WITHIN_MESSAGE,
        keys: ['ai_break_start', 'ai_break_end', 'ai_start_time', 'ai_end_time'],
        fields: bs !== '' ? { ai_break_start: OUTSIDE_HOURS } : { ai_break_end: OUTSIDE_HOURS },
      });
  } else if (bs !== '' && be !== '') {
    if (bs >= be)
      problems.push({
        message: BREAK_ORDER_MESSAGE,
        keys: ['ai_break_start', 'ai_break_end'],
        fields: { ai_break_start: 'Debe ser menor que fin', ai_break_end: 'Debe ser mayor que inicio' },
      });
    else if (hoursOk && (bs < start || be > end)) {
      const fields: CrossFieldProblem['fields'] = {};
      if (bs < start || bs >= end) fields.ai_break_start = OUTSIDE_HOURS;
      if (be > end || be <= start) fields.ai_break_end = OUTSIDE_HOURS;
      problems.push({
        message: BREAK_WITHIN_MESSAGE,
        keys: ['ai_break_start', 'ai_break_end', 'ai_start_time', 'ai_end_time'],
        fields,
      });
    }
  }
  if (s.notifications_email_enabled && s.notifications_email === '')
    problems.push({
      message: ALERT_EMAIL_MESSAGE,
      keys: ['notifications_email_enabled', 'notifications_email'],
      fields: { notifications_email: ALERT_EMAIL_MESSAGE },
    });
  return problems;
}

// ——— Responses ———

export const settingsDto = z.object(
  Object.fromEntries(SETTING_KEYS.map((k) => [k, z.unknown()])) as Record<SettingKey, z.ZodUnknown>,
);

export interface TimezoneOption {
  id: string;
  /** Current offset, e.g. 'UTC-05:00'. */
  offset: string;
  /** Minutes east of UTC now, for sorting. */
  offset_minutes: number;
}

export const timezoneDto = z.object({ id: z.string(), offset: z.string(), offset_minutes: z.number() });

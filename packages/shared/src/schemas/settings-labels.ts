import type { SettingKey } from './settings';

/**
 * The Spanish name of every setting, as the audit viewer shows it out of its card (so the AI settings say they
 * are the assistant's). `Record<SettingKey, …>`: a new setting does not compile until it has its label.
 */
export const SETTING_LABELS: Record<SettingKey, string> = {
  org_name: 'Nombre de la IPS',
  org_address: 'Dirección de la IPS',
  org_phone: 'Teléfono de la IPS',
  org_email: 'Correo electrónico de la IPS',
  org_website: 'Sitio web de la IPS',
  org_nit: 'NIT',
  cod_prestador: 'Código de habilitación (REPS)',
  org_logo_url: 'Logo',
  org_timezone: 'Zona horaria',
  cc_call_recording_enabled: 'Grabación de llamadas',
  cc_auto_distribution_enabled: 'Distribución automática de llamadas',
  cc_max_wait_minutes: 'Tiempo máximo de espera (minutos)',
  cc_service_level_threshold_seconds: 'Umbral del nivel de servicio (segundos)',
  auto_cancel_without_confirmation: 'Cancelar agendas vencidas sin confirmación',
  auto_cancel_also_appointments_default: 'Cancelar también sus citas (por defecto)',
  attend_early_tolerance_minutes: 'Marcar atendida hasta (minutos antes de la cita)',
  queue_freed_slot_action: 'Cuando una cancelación libera un cupo',
  notifications_email_enabled: 'Enviar alertas por correo',
  notifications_email: 'Correo que recibe las alertas',
  alert_long_queue_enabled: 'Alerta de cola de espera larga',
  alert_agents_offline_enabled: 'Alerta de agentes desconectados',
  ai_enabled: 'Asistente de IA activo',
  ai_auto_answer: 'Asistente de IA: respuesta automática',
  ai_response_timeout_seconds: 'Asistente de IA: tiempo de respuesta (segundos)',
  ai_start_time: 'Asistente de IA: hora de inicio',
  ai_end_time: 'Asistente de IA: hora de fin',
  ai_mon: 'Asistente de IA: lunes',
  ai_tue: 'Asistente de IA: martes',
  ai_wed: 'Asistente de IA: miércoles',
  ai_thu: 'Asistente de IA: jueves',
  ai_fri: 'Asistente de IA: viernes',
  ai_sat: 'Asistente de IA: sábado',
  ai_sun: 'Asistente de IA: domingo',
  ai_pause_holidays: 'Asistente de IA: pausar en festivos',
  ai_vacation_mode: 'Asistente de IA: modo vacaciones',
  ai_break_start: 'Asistente de IA: inicio del descanso',
  ai_break_end: 'Asistente de IA: fin del descanso',
  ai_message_welcome: 'Asistente de IA: mensaje de bienvenida',
  ai_message_offline: 'Asistente de IA: mensaje fuera de horario',
  ai_message_transfer: 'Asistente de IA: mensaje de transferencia a un agente',
};

export const settingLabel = (key: string): string => SETTING_LABELS[key as SettingKey] ?? key;

import { z } from 'zod';
import { emailAddress } from './email';
import { ROLES, type Role } from '../catalogs/roles';
import { limitQuery, ok, pageQuery } from './common';

/** Spec part 2 §9: notifications page size 20. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 100;

/** The kinds of notification, each raised by what really happens (decision 033), and their Spanish labels. */
export const NOTIFICATION_TYPES = [
  'transfer_received',
  'slot_offered',
  'long_queue',
  'agents_offline',
  'agenda_cancelled',
  'auto_cancel',
  'rips_problems',
  'message',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  transfer_received: 'Traslado de llamada recibido',
  slot_offered: 'Cupo liberado para ofrecer',
  long_queue: 'Cola de espera larga',
  agents_offline: 'Sin agentes conectados',
  agenda_cancelled: 'Agenda cancelada con pacientes por avisar',
  auto_cancel: 'Auto-cancelación de agendas',
  rips_problems: 'Paquete RIPS con problemas',
  message: 'Mensajes de administración',
};

/** Who may send a notification to users or roles (POST /notifications). */
export const NOTIFICATION_SEND_ROLES: readonly Role[] = ['admin', 'supervisor'];
/** Who sees the e-mail outbox and sends the test e-mail. */
export const EMAIL_ADMIN_ROLES: readonly Role[] = ['admin'];

/** The event type a user's stream receives when their notifications change (the bell refetches). */
export const NOTIFICATION_EVENT = 'notification';

export const listNotificationsQuery = z.object({
  page: pageQuery,
  limit: limitQuery(NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_MAX_PAGE_SIZE),
  unread: z
    .enum(['true', 'false'], { error: 'El filtro de no leídas debe ser true o false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});

export const notificationDto = z.object({
  id: z.number(),
  type: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type NotificationDto = z.infer<typeof notificationDto>;

export const notificationListResponse = ok(z.array(notificationDto)).extend({
  total: z.number(),
  unread: z.number(),
  page: z.number(),
  limit: z.number(),
});

const userIds = z
  .array(
    z.coerce.number({ error: 'Usuario inválido' }).int('Usuario inválido').positive('Usuario inválido'),
    { error: 'Los usuarios deben ser una lista' },
  )
  .max(5000, 'Máximo 5000 usuarios por envío');

const roles = z.array(z.enum(ROLES, { error: 'Rol inválido' }), { error: 'Los roles deben ser una lista' });

/** A link inside the app only: a path starting with a single '/'. */
const link = z
  .string()
  .trim()
  .max(300, 'El enlace no puede exceder 300 caracteres')
  .refine((v) => v === '' || /^\/(?!\/)[^\s]*$/.test(v), 'El enlace debe ser una ruta de la aplicación (/…)')
  .optional();

export const sendNotificationBody = z
  .object({
    title: z
      .string({ error: 'El título es obligatorio' })
      .trim()
      .min(1, 'El título es obligatorio')
      .max(200, 'El título no puede exceder 200 caracteres'),
    body: z.string().trim().max(2000, 'El mensaje no puede exceder 2000 caracteres').default(''),
    link,
    user_ids: userIds.default([]),
    roles: roles.default([]),
  })
  .refine((b) => b.user_ids.length > 0 || b.roles.length > 0, {
    message: 'Seleccione al menos un usuario o un rol',
    path: ['user_ids'],
  });
export type SendNotificationBody = z.input<typeof sendNotificationBody>;

export const sendNotificationResponse = ok(z.object({ recipients: z.number() }));

export const notificationPreferenceDto = z.object({
  type: z.enum(NOTIFICATION_TYPES),
  label: z.string(),
  in_app: z.boolean(),
  email: z.boolean(),
});
export type NotificationPreferenceDto = z.infer<typeof notificationPreferenceDto>;

export const preferencesResponse = ok(z.array(notificationPreferenceDto)).extend({
  email_configured: z.boolean(),
});

export const updatePreferencesBody = z.object({
  preferences: z
    .array(
      z.object({
        type: z.enum(NOTIFICATION_TYPES, { error: 'Tipo de notificación inválido' }),
        in_app: z.boolean({ error: 'Indique si se muestra en la aplicación' }),
        email: z.boolean({ error: 'Indique si se envía por correo' }),
      }),
      { error: 'Las preferencias deben ser una lista' },
    )
    .min(1, 'Indique al menos una preferencia')
    .max(NOTIFICATION_TYPES.length, 'Demasiadas preferencias'),
});
export type UpdatePreferencesBody = z.infer<typeof updatePreferencesBody>;

export const notificationStatsResponse = ok(
  z.object({
    total: z.number(),
    unread: z.number(),
    by_type: z.array(z.object({ type: z.string(), total: z.number(), unread: z.number() })),
  }),
);

export const markAllReadResponse = ok(z.object({ updated: z.number() }));

export const EMAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export const EMAIL_STATUS_LABELS: Record<(typeof EMAIL_STATUSES)[number], string> = {
  pending: 'Pendiente',
  sent: 'Enviado',
  failed: 'Fallido',
};

export const outboxQuery = z.object({
  page: pageQuery,
  limit: limitQuery(NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_MAX_PAGE_SIZE),
  status: z.enum(EMAIL_STATUSES, { error: 'Estado inválido' }).optional(),
});

export const outboxItemDto = z.object({
  id: z.number(),
  kind: z.string(),
  to_address: z.string(),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});

export const outboxListResponse = ok(z.array(outboxItemDto)).extend({
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  email_configured: z.boolean(),
});

export const testEmailBody = z.object({
  to: emailAddress({
    required: 'Ingrese el correo de destino',
    invalid: 'Ingrese un correo electrónico válido',
    max: 150,
    tooLong: 'El correo no puede exceder 150 caracteres',
  }),
});

export const testEmailResponse = ok(z.object({ id: z.number(), status: z.enum(EMAIL_STATUSES) }));

/** GET /notifications/email-status: whether the server can send e-mail (never the server's address or secret). */
export const emailStatusResponse = ok(z.object({ configured: z.boolean() }));

/** Said where e-mail cannot be sent because no SMTP server is configured. */
export const EMAIL_NOT_CONFIGURED = 'El correo no está configurado (SMTP_URL y SMTP_FROM)';

export const recipientsQuery = z.object({
  q: z.string().trim().max(100, 'La búsqueda no puede exceder 100 caracteres').optional(),
});

export const recipientDto = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
});
export type RecipientDto = z.infer<typeof recipientDto>;
export const recipientsResponse = ok(z.array(recipientDto));

/** The status of an agenda cancellation's patient notice, as shown beside the cancellation. */
export const PATIENT_NOTICE_STATUS_LABELS: Record<string, string> = {
  pendiente: 'Pendiente',
  enviada: 'Enviado',
  fallida: 'Fallido',
  sin_correo: 'Sin correo',
};

export const patientNoticesQuery = z.object({
  availability_id: z.coerce
    .number({ error: 'La agenda debe ser un número' })
    .int('La agenda debe ser un número entero')
    .positive('La agenda debe ser positiva'),
  page: pageQuery,
  limit: limitQuery(NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_MAX_PAGE_SIZE),
});

export const patientNoticeDto = z.object({
  id: z.number(),
  appointment_id: z.number(),
  patient_id: z.number(),
  patient_name: z.string(),
  email: z.string().nullable(),
  channel: z.string(),
  status: z.string(),
  detail: z.string().nullable(),
  created_at: z.string(),
});

export const patientNoticesResponse = ok(z.array(patientNoticeDto)).extend({
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  summary: z.record(z.string(), z.number()),
});

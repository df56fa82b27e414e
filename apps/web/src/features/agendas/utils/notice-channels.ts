import type { NOTICE_CHANNELS } from '@ips/shared/schemas/availabilities-actions';

/** How an agenda cancellation's notice reaches the patient. */
export const NOTICE_CHANNEL_LABELS: Record<(typeof NOTICE_CHANNELS)[number], string> = {
  sistema: 'Sistema',
  email: 'Correo electrónico',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  llamada: 'Llamada',
};

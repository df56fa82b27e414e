import type { AppDeps } from '../../lib/context';
import { orgToday } from '../../lib/org-time';
import { matchPatient } from '../calls';
import { datesBetween } from '../holidays';
import { offlineReason } from './ai-window';
import { nextAppointmentText } from './tools-service';

const text = (deps: AppDeps, key: string, fallback: string) => {
  const v = deps.settings.get(key);
  return typeof v === 'string' && v.trim() ? v : fallback;
};

export const transferMessage = (deps: AppDeps) =>
  text(deps, 'ai_message_transfer', 'Le comunico con un asesor. Por favor espere en línea.');

/**
 * The conversation-start webhook (ElevenLabs "conversation initiation client data"): the caller's number in;
 * out, the dynamic variables (patient's name and next appointment when the number is known, whether the agent
 * is available and the three messages) and the first message: the welcome message inside the AI settings'
 * windows, the offline message outside them.
 */
export async function conversationStart(deps: AppDeps, callerId: string | null, now = new Date()) {
  const tz = deps.config.orgTimezone;
  const today = orgToday(deps, now);
  const holidays = await datesBetween(deps.db, today, today);
  const reason = offlineReason({
    get: (k) => deps.settings.get(k),
    now,
    tz,
    isHoliday: (d) => holidays.has(d),
  });
  const welcome = text(deps, 'ai_message_welcome', 'Hola, gracias por llamar. ¿En qué le puedo ayudar?');
  const offline = text(
    deps,
    'ai_message_offline',
    'En este momento no podemos atenderle. Por favor llame en nuestro horario de atención.',
  );
  const patient = callerId ? await matchPatient(deps.db, { phone: callerId }) : null;
  const next = patient ? await nextAppointmentText(deps, patient.id) : null;
  const orgName = text(deps, 'org_name', 'la IPS');
  return {
    type: 'conversation_initiation_client_data' as const,
    dynamic_variables: {
      org_name: orgName,
      patient_known: Boolean(patient),
      patient_id: patient?.id ?? 0,
      patient_name: patient?.name ?? '',
      next_appointment: next ?? '',
      ai_available: reason === null,
      offline_reason: reason ?? '',
      welcome_message: welcome,
      offline_message: offline,
      transfer_message: transferMessage(deps),
    },
    conversation_config_override: {
      agent: {
        first_message: reason ? offline : welcome,
      },
    },
  };
}

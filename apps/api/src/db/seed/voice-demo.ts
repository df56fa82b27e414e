import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { callAudio, calls } from '../schema/calls';
import { patients } from '../schema/patients';
import { voiceConsultations } from '../schema/voice';

/*
 * Demo voice agent (demo mode only; issue 34 item 4): a few conversations the AI agent had, stored as the webhook
 * processing stores them (modules/voice-agent/process.ts): the call with its webhook data, transcript and outcome,
 * the consultation of Consultas IA, and a recording in call_audio as a post_call_audio would leave it. The
 * recording is a short WAV made here (tones for the turns: no voice is synthesised), one of the formats the
 * audio check accepts (RIFF, integrations/elevenlabs/events.ts). Run only while no consultation exists.
 */

/** process.ts's VOICE_AGENT_LABEL: the name the calls of the voice agent carry. */
const VOICE_AGENT = 'Agente de voz IA';
const AGENT_ID = 'agent_demo_ips';

type Turn = { role: 'agent' | 'user'; message: string; time_in_call_secs: number };
interface Conversation {
  minutesAgo: number;
  outcome: 'success' | 'failure' | 'unknown';
  callType: string;
  summary: string;
  turns: [role: Turn['role'], message: string][];
}

const CONVERSATIONS: Conversation[] = [
  {
    minutesAgo: 95,
    outcome: 'success',
    callType: 'agendamiento',
    summary: 'El paciente pidió una cita de medicina general; se le ofreció el primer cupo y la aceptó.',
    turns: [
      ['agent', 'Buenos días, habla el asistente virtual de la IPS. ¿En qué le puedo ayudar?'],
      ['user', 'Quiero pedir una cita con medicina general.'],
      ['agent', 'Con gusto. ¿Me confirma su número de documento?'],
      ['user', 'Claro, es el que tienen registrado con este celular.'],
      ['agent', 'Tengo un cupo el jueves a las 8:20 de la mañana en la sede principal. ¿Le sirve?'],
      ['user', 'Sí, perfecto.'],
      ['agent', 'Listo, su cita quedó agendada. Le llegará un mensaje de confirmación.'],
    ],
  },
  {
    minutesAgo: 60 * 20,
    outcome: 'success',
    callType: 'confirmacion',
    summary: 'La paciente confirmó su cita de odontología de mañana.',
    turns: [
      ['agent', 'Buenas tardes, le llamamos de la IPS para confirmar su cita de odontología de mañana.'],
      ['user', 'Sí, ahí estaré.'],
      ['agent', 'Gracias, su cita queda confirmada. Recuerde llegar 15 minutos antes.'],
    ],
  },
  {
    minutesAgo: 60 * 27,
    outcome: 'failure',
    callType: 'agendamiento',
    summary: 'No había cupos de pediatría esta semana; el paciente quedó en la cola de espera.',
    turns: [
      ['agent', 'Buenos días, habla el asistente virtual de la IPS. ¿En qué le puedo ayudar?'],
      ['user', 'Necesito una cita de pediatría para mi hijo.'],
      ['agent', 'En este momento no hay cupos de pediatría esta semana. ¿Lo dejo en la lista de espera?'],
      ['user', 'Sí, por favor.'],
      ['agent', 'Quedó en la lista de espera; le llamaremos apenas se libere un cupo.'],
    ],
  },
  {
    minutesAgo: 60 * 50,
    outcome: 'unknown',
    callType: 'informacion',
    summary: 'Preguntó por el horario de atención de la sede norte.',
    turns: [
      ['agent', 'Buenas tardes, habla el asistente virtual de la IPS.'],
      ['user', '¿Hasta qué hora atienden en la sede norte?'],
      ['agent', 'La sede norte atiende de lunes a viernes de 7 de la mañana a 6 de la tarde.'],
    ],
  },
];

/**
 * A mono 8 kHz 16-bit WAV of `seconds`: a soft tone per turn (lower for the agent, higher for the caller) with
 * pauses between, so the player has something to play and seek.
 */
export function demoWav(turns: Turn['role'][], seconds: number): Buffer {
  const rate = 8000;
  const n = rate * seconds;
  const out = Buffer.alloc(44 + n * 2);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + n * 2, 4);
  out.write('WAVEfmt ', 8, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(n * 2, 40);
  const slot = n / turns.length;
  for (let i = 0; i < n; i++) {
    const turn = Math.min(turns.length - 1, Math.floor(i / slot));
    const inTurn = (i - turn * slot) / slot;
    // Sound for 70 % of the slot, with short fades so it does not click.
    const envelope = inTurn < 0.7 ? Math.min(1, inTurn * 40, (0.7 - inTurn) * 40) : 0;
    const freq = turns[turn] === 'agent' ? 440 : 660;
    out.writeInt16LE(Math.round(6000 * envelope * Math.sin((2 * Math.PI * freq * i) / rate)), 44 + i * 2);
  }
  return out;
}

export async function seedVoiceDemo(db: Db, now: Date = new Date()): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(voiceConsultations);
  if ((existing?.n ?? 0) > 0) return 0;
  const people = await db
    .select({ id: patients.id, name: patients.name, phone: patients.phone, document: patients.document })
    .from(patients)
    .where(eq(patients.status, 'Activo'))
    .orderBy(patients.id)
    .limit(40);
  if (people.length < CONVERSATIONS.length) return 0;
  await db.transaction(async (tx) => {
    for (const [k, c] of CONVERSATIONS.entries()) {
      const patient = people[k * 9]!;
      const phone = patient.phone ? `+57${patient.phone.replace(/\D/g, '')}` : null;
      let at = 0;
      const transcript: Turn[] = c.turns.map(([role, message]) => {
        const turn = { role, message, time_in_call_secs: at };
        at += 3 + Math.ceil(message.length / 15);
        return turn;
      });
      const duration = at + 2;
      const startedAt = new Date(now.getTime() - c.minutesAgo * 60_000 - duration * 1000);
      const endedAt = new Date(startedAt.getTime() + duration * 1000);
      const conversationId = `conv_demo_${String(k + 1).padStart(4, '0')}`;
      const dataCollected = { documento: patient.document, nombre: patient.name, motivo: c.callType };
      const analysis = { call_successful: c.outcome, transcript_summary: c.summary };
      const [call] = await tx
        .insert(calls)
        .values({
          patientId: patient.id,
          patientName: patient.name,
          patientPhone: phone,
          patientDocument: patient.document,
          agentName: VOICE_AGENT,
          callType: c.callType,
          direction: 'inbound',
          status: 'ended',
          startedAt,
          answeredAt: startedAt,
          endedAt,
          outcome:
            c.outcome === 'success'
              ? 'Resuelta por el agente de voz IA'
              : c.outcome === 'failure'
                ? 'No resuelta por el agente de voz IA'
                : 'Atendida por el agente de voz IA',
          conversationId,
          webhookData: {
            agent_id: AGENT_ID,
            direction: 'inbound',
            external_number: phone,
            start_time: startedAt.toISOString(),
            call_duration_secs: duration,
            termination_reason: 'end_call tool was called.',
          },
          webhookDataEnd: { summary: c.summary, outcome: c.outcome, data_collected: dataCollected, analysis },
          transcript,
          createdAt: startedAt,
          updatedAt: endedAt,
        })
        .returning({ id: calls.id });
      await tx.insert(voiceConsultations).values({
        conversationId,
        callId: call!.id,
        patientId: patient.id,
        agentId: AGENT_ID,
        direction: 'inbound',
        callerNumber: phone,
        startedAt,
        durationSecs: duration,
        outcome: c.outcome,
        terminationReason: 'end_call tool was called.',
        summary: c.summary,
        transcript,
        dataCollected,
        analysis,
        createdAt: endedAt,
        updatedAt: endedAt,
      });
      // A short recording (8 s at most), whatever the conversation's length: the demo stays small.
      const audio = demoWav(
        transcript.map((t) => t.role),
        Math.min(8, duration),
      );
      await tx.insert(callAudio).values({
        callId: call!.id,
        contentType: 'audio/wav',
        size: audio.length,
        sha256: createHash('sha256').update(audio).digest('hex'),
        data: audio,
        createdAt: endedAt,
      });
    }
  });
  return CONVERSATIONS.length;
}

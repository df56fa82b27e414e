import type { CallDto } from '@ips/shared/schemas/calls';
import { audioSrc } from '@/features/calls/api/calls-api';

const ROLE_LABELS: Record<string, string> = { agent: 'Agente', user: 'Paciente', assistant: 'Agente' };

/** The recording (streamed with range requests, so seeking works) and the transcript, when the call has them. */
export function CallMedia({ call }: { call: CallDto }) {
  if (!call.audio_url && !call.transcript) {
    return <p className="text-sm text-muted-foreground">Sin grabación ni transcripción.</p>;
  }
  return (
    <div className="space-y-3">
      {call.audio_url && (
        <audio
          controls
          preload="none"
          src={audioSrc(call)}
          className="w-full"
          aria-label="Grabación de la llamada"
        >
          Su navegador no puede reproducir la grabación.
        </audio>
      )}
      {call.transcript &&
        (typeof call.transcript === 'string' ? (
          <p className="max-h-60 overflow-y-auto rounded-md border bg-muted/40 p-3 text-sm whitespace-pre-wrap">
            {call.transcript}
          </p>
        ) : (
          <ol
            className="max-h-60 space-y-2 overflow-y-auto rounded-md border bg-muted/40 p-3 text-sm"
            aria-label="Transcripción"
          >
            {call.transcript.map((t, i) => (
              <li key={i}>
                <span className="font-medium">{ROLE_LABELS[t.role] ?? t.role}:</span> {t.message}
              </li>
            ))}
          </ol>
        ))}
    </div>
  );
}

import type { OutboundCallsResponse } from '@ips/shared/schemas/queue';

type Preview = OutboundCallsResponse['data'];

/** The patients who would get a call, each with the explanation generated for them, and who is passed over. */
export function CallPreviewList({
  calls,
  skipped,
}: {
  calls: Preview['calls'];
  skipped: Preview['skipped'];
}) {
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold">
        {calls.length === 0 ? 'Ningún paciente para llamar' : `Explicación generada (${calls.length})`}
      </h3>
      {calls.length > 0 && (
        <ul className="grid max-h-64 gap-2 overflow-y-auto" aria-label="Llamadas a solicitar">
          {calls.map((c) => (
            <li key={c.queue_id} className="rounded-lg border p-3 text-sm">
              <p className="font-medium">
                {c.patient_name}
                <span className="font-normal text-muted-foreground">
                  {' '}
                  · {c.patient_phone ?? 'sin teléfono'}
                </span>
              </p>
              <p className="mt-1 text-muted-foreground whitespace-pre-line" data-testid="call-explanation">
                {c.explanation}
              </p>
            </li>
          ))}
        </ul>
      )}
      {skipped.length > 0 && (
        <p className="text-xs text-muted-foreground">
          Se omiten {skipped.length}:{' '}
          {skipped
            .map((s) => s.reason)
            .filter((r, i, all) => all.indexOf(r) === i)
            .join('; ')}
          .
        </p>
      )}
    </div>
  );
}

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { InfoIcon, Loader2Icon } from 'lucide-react';
import { QUEUE_MESSAGES, type OutboundCallsInput } from '@ips/shared/schemas/queue';
import { countOf } from '@ips/shared/format';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/error-toast';
import { queueKeys } from '@/features/queue/api/queue-keys';
import { requestOutboundCalls, useRequestOutboundCalls } from '@/features/queue/api/waiting-list-mutations';
import { CallPreviewList } from '@/features/queue/components/waiting/call-preview-list';

const M = QUEUE_MESSAGES;

export type CallTarget =
  | { kind: 'entry'; queueId: number; patientName: string; specialtyName: string }
  | { kind: 'group'; specialtyId: number; specialtyName: string };

const bodyOf = (t: CallTarget): OutboundCallsInput =>
  t.kind === 'entry' ? { queue_ids: [t.queueId] } : { specialty_id: t.specialtyId };

/**
 * Scheduling from the queue by automated outbound calls, for one patient or a specialty's whole group (spec §2
 * "A related dialog…"). The server generates each patient's explanation text from the entry with a template;
 * the dialog previews it (dry run) and then records one pending call per patient for the voice agent. Nothing
 * is dialled here, and the screen says so: the result is requests in a queue, not calls made.
 */
export function OutboundCallsDialog({
  target,
  onOpenChange,
}: {
  target: CallTarget | null;
  onOpenChange: (open: boolean) => void;
}) {
  const [message, setMessage] = useState('');
  const preview = useQuery({
    queryKey: [...queueKeys.all, 'outbound-preview', target],
    queryFn: () => requestOutboundCalls({ ...bodyOf(target!), dry_run: true }),
    enabled: target !== null,
    staleTime: 0,
  });
  const request = useRequestOutboundCalls();
  const calls = preview.data?.calls ?? [];

  const close = () => {
    if (request.isPending) return;
    setMessage('');
    onOpenChange(false);
  };
  const run = () => {
    if (!target) return;
    request.mutateAsync({ ...bodyOf(target), message: message.trim() || null, dry_run: false }).then(
      (r) => {
        const skipped = r.skipped.length
          ? ` Se omitieron ${r.skipped.length}: ya tenían una llamada pendiente o no tienen teléfono.`
          : '';
        const recorded =
          r.requested === 1
            ? '1 solicitud registrada como pendiente'
            : countOf(
                r.requested,
                'solicitud registrada como pendiente',
                'solicitudes registradas como pendientes',
              );
        toast.success(r.requested > 0 ? M.callsQueued : M.noCallTargets, {
          description: `${recorded} para el agente de voz; aún no se ha llamado a nadie.${skipped}`,
        });
        close();
      },
      (err: unknown) =>
        toast.error(M.callsFailed, { description: errorMessage(err), position: 'top-center' }),
    );
  };

  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Solicitar llamadas automáticas</DialogTitle>
          <DialogDescription>
            {target?.kind === 'group'
              ? `Todos los pacientes en espera de ${target.specialtyName}.`
              : target && `${target.patientName} · ${target.specialtyName}`}
          </DialogDescription>
        </DialogHeader>
        <Alert>
          <InfoIcon aria-hidden />
          <AlertDescription>
            Cada solicitud queda registrada como llamada saliente <strong>pendiente</strong>. El agente de voz
            las realiza después; desde esta pantalla no se llama a nadie.
          </AlertDescription>
        </Alert>
        {preview.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Loader2Icon className="size-4 animate-spin" aria-hidden /> Generando explicación…
          </p>
        ) : preview.isError ? (
          <p className="text-sm text-destructive" role="alert">
            {M.explanationFailed}: {errorMessage(preview.error)}
          </p>
        ) : (
          <CallPreviewList calls={calls} skipped={preview.data.skipped} />
        )}
        {calls.length > 0 && (
          <Field
            id="calls-message"
            label="Mensaje personalizado (opcional)"
            hint="Si lo deja vacío, cada paciente recibe la explicación generada con sus propios datos."
          >
            <Textarea
              id="calls-message"
              value={message}
              maxLength={2000}
              rows={3}
              onChange={(e) => setMessage(e.target.value)}
            />
          </Field>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            Cancelar
          </Button>
          <Button onClick={run} disabled={request.isPending || calls.length === 0}>
            {request.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
            {calls.length === 0
              ? 'Solicitar llamadas'
              : calls.length === 1
                ? 'Solicitar 1 llamada'
                : `Solicitar ${countOf(calls.length, 'llamada')}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

import { useState } from 'react';
import { CircleCheckIcon, TriangleAlertIcon } from 'lucide-react';
import { toast } from 'sonner';
import { DIALOG_TOAST } from '@/features/patients/utils/dialog-toast';
import { countOf, formatDate, localDate } from '@ips/shared/format';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useUpdatePregnancy, type Pregnancy } from '@/features/patients/api/pregnancy-api';
import { errorMessage } from '@/lib/error-toast';

function Stat({ label, value, tone }: { label: string; value: string; tone?: 'danger' }) {
  return (
    <div className="rounded-lg bg-muted/60 px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={tone === 'danger' ? 'font-semibold text-destructive' : 'font-semibold'}>{value}</dd>
    </div>
  );
}

const days = (n: number) => countOf(n, 'día');

export function ActivePregnancyCard({ pregnancy: p, timezone }: { pregnancy: Pregnancy; timezone: string }) {
  const update = useUpdatePregnancy();
  const [confirming, setConfirming] = useState(false);
  const today = localDate(new Date(), timezone);
  const daysLeft = p.days_until_due ?? 0;

  function complete() {
    void update.mutateAsync({ id: p.id, body: { status: 'Completada', delivery_date: today } }).then(
      () => {
        toast.success('Embarazo completado', { description: `Parto registrado el ${formatDate(today)}.` });
        setConfirming(false);
      },
      (err: unknown) => {
        toast.error('No se pudo actualizar el embarazo', {
          description: errorMessage(err),
          ...DIALOG_TOAST,
        });
        setConfirming(false);
      },
    );
  }

  return (
    <article
      className="space-y-4 rounded-xl border border-primary/25 bg-accent/30 p-4"
      aria-label="Embarazo activo"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">Embarazo activo</p>
        {p.high_risk ? (
          <Badge variant="destructive">
            <TriangleAlertIcon aria-hidden />
            Alto Riesgo
          </Badge>
        ) : (
          <Badge variant="success">Normal</Badge>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <Stat label="FUM" value={formatDate(p.start_date)} />
        <Stat label="FPP" value={formatDate(p.expected_due_date)} />
        <Stat
          label="Edad gestacional"
          value={`${countOf(p.current_weeks, 'semana')} y ${days(p.current_days)}`}
        />
        {p.is_overdue ? (
          <Stat label="Días de retraso" value={String(Math.abs(daysLeft))} tone="danger" />
        ) : (
          <Stat label="Días hasta FPP" value={String(daysLeft)} />
        )}
      </dl>
      {p.high_risk && p.risk_factors && (
        <p className="text-sm">
          <span className="font-medium">Factores de riesgo:</span> {p.risk_factors}
        </p>
      )}
      {p.notes && (
        <p className="text-sm">
          <span className="font-medium">Notas:</span> {p.notes}
        </p>
      )}
      <div className="flex justify-end">
        <Button variant="outline" onClick={() => setConfirming(true)} disabled={update.isPending}>
          <CircleCheckIcon aria-hidden />
          Marcar como Completado
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="¿Marcar el embarazo como completado?"
        description={`Se registrará el parto con fecha de hoy (${formatDate(today)}) y terminará el seguimiento prenatal.`}
        confirmLabel="Marcar como Completado"
        pendingLabel="Guardando..."
        destructive={false}
        pending={update.isPending}
        onConfirm={complete}
      />
    </article>
  );
}

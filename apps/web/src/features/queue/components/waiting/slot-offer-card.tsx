import { SparklesIcon } from 'lucide-react';
import { formatLongDate } from '@ips/shared/format';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { WaitingEntry } from '@/features/queue/api/waiting-list';

type Offer = NonNullable<WaitingEntry['slot_offer']>;

/**
 * A freed slot the server offered to this patient (a cancellation, with the setting 'notify'): the agent can
 * take it as it is, same agenda and time, or choose another agenda below.
 */
export function SlotOfferCard({
  offer,
  chosen,
  onUse,
}: {
  offer: Offer;
  chosen: boolean;
  onUse: () => void;
}) {
  return (
    <div
      className={cn(
        'flex flex-col gap-3 rounded-lg border p-3 text-sm sm:flex-row sm:items-center',
        chosen ? 'border-primary bg-primary/10' : 'border-green-200 bg-green-50',
      )}
      data-testid="slot-offer"
    >
      <SparklesIcon className="size-5 shrink-0 text-green-700" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-medium">Cupo liberado ofrecido a este paciente</p>
        <p className="text-muted-foreground">
          {formatLongDate(offer.scheduled_at.slice(0, 10))} a las {offer.scheduled_at.slice(11, 16)} ·{' '}
          {offer.doctor_name} · {offer.location_name}
        </p>
        <p className="text-xs text-muted-foreground">{offer.reason}</p>
      </div>
      <Button size="sm" variant={chosen ? 'default' : 'outline'} onClick={onUse} aria-pressed={chosen}>
        {chosen ? 'Cupo elegido' : 'Usar este cupo'}
      </Button>
    </div>
  );
}

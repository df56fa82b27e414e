import { BILLING_STATUS_LABELS, type BillingStatus } from '@ips/shared/schemas/billing';
import { Badge } from '@/components/ui/badge';

/** Spec §4: pending yellow, billed blue, paid green, cancelled red. */
const CLASSES: Record<BillingStatus, string> = {
  pending: 'border-amber-300 bg-amber-100 text-amber-900',
  billed: 'border-blue-300 bg-blue-100 text-blue-900',
  paid: 'border-green-300 bg-green-100 text-green-900',
  cancelled: 'border-red-300 bg-red-100 text-red-900',
};

export function BillingStatusBadge({ status }: { status: BillingStatus }) {
  return (
    <Badge variant="outline" className={CLASSES[status]} data-status={status}>
      {BILLING_STATUS_LABELS[status]}
    </Badge>
  );
}

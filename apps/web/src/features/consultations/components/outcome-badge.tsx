import { CONSULTATION_OUTCOME_LABELS, type ConsultationOutcome } from '@ips/shared/schemas/consultations';
import { Badge } from '@/components/ui/badge';

const VARIANT: Record<ConsultationOutcome, 'success' | 'destructive' | 'secondary'> = {
  success: 'success',
  failure: 'destructive',
  unknown: 'secondary',
};

export function OutcomeBadge({ outcome }: { outcome: ConsultationOutcome }) {
  return <Badge variant={VARIANT[outcome]}>{CONSULTATION_OUTCOME_LABELS[outcome]}</Badge>;
}

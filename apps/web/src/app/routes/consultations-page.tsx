import { CallsTabs } from '@/features/calls/components/calls-tabs';
import { ConsultationsView } from '@/features/consultations/components/consultations-view';

export default function ConsultationsPage() {
  return <ConsultationsView tabs={<CallsTabs />} />;
}

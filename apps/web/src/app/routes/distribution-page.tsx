import { DistributionCalendarView } from '@/features/agendas/components/distribution/distribution-calendar-view';

/** /distribution — the distribution calendar of the agendas' quotas. */
export default function DistributionPage() {
  return <DistributionCalendarView />;
}

import { AnalyticsView } from '@/features/analytics/components/analytics-view';

export default function AnalyticsPage() {
  return <AnalyticsView />;
}

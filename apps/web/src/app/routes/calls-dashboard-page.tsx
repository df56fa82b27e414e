import { DashboardView } from '@/features/calls/components/dashboard-view';

export default function CallsDashboardPage() {
  return <DashboardView />;
}

import { DashboardView } from '@/features/appointments/components/dashboard/dashboard-view';

/** '/': the Panel de Citas Médicas, the landing page after sign-in (spec §2 "Appointments dashboard"). */
export default function DashboardPage() {
  return <DashboardView />;
}

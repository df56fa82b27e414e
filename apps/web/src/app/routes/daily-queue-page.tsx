import { AppointmentActionsMenu } from '@/features/appointments/components/actions/appointment-actions-menu';
import { AppointmentStatusBadge } from '@/features/appointments/components/status-badge';
import { DailyQueueView } from '@/features/queue/components/daily/daily-queue-view';

export default function DailyQueuePage() {
  return (
    <DailyQueueView
      renderStatus={(status) => <AppointmentStatusBadge status={status} />}
      renderActions={(appointment) => <AppointmentActionsMenu appointment={appointment} />}
    />
  );
}

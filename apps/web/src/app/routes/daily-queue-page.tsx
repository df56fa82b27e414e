import { DailyQueueView } from '@/features/queue/components/daily/daily-queue-view';

export default function DailyQueuePage() {
  return <DailyQueueView />;
}

import { WaitingListView } from '@/features/queue/components/waiting/waiting-list-view';

export default function QueuePage() {
  return <WaitingListView />;
}

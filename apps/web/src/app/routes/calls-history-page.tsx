import { HistoryView } from '@/features/calls/components/history-view';

export default function CallsHistoryPage() {
  return <HistoryView />;
}

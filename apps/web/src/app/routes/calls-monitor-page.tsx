import { MonitorView } from '@/features/calls/components/monitor-view';

export default function CallsMonitorPage() {
  return <MonitorView />;
}

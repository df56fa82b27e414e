import { AuditView } from '@/features/audit/components/audit-view';

export default function AuditPage() {
  return <AuditView />;
}

import { Link } from 'react-router';
import { HistoryIcon } from 'lucide-react';
import { AUDIT_ROLES } from '@ips/shared/catalogs/roles';
import { canRole } from '@ips/shared/catalogs/roles';
import { Button } from '@/components/ui/button';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { useAuth } from '@/lib/use-auth';

interface RecordRef {
  /** The audited table, e.g. 'patients', 'availabilities', 'appointments'. */
  tableName: string;
  recordId: string | number;
}

/** Whether the signed-in user may read the audit trail (and so sees 'Historial de cambios'). */
export function useCanSeeHistory(): boolean {
  const { user } = useAuth();
  return canRole(AUDIT_ROLES, user?.role);
}

/** Auditoría filtered to one record, for the roles that may read it (null for the others). */
function useHistoryPath({ tableName, recordId }: RecordRef): string | null {
  if (!useCanSeeHistory()) return null;
  return `/audit?${new URLSearchParams({ table_name: tableName, record_id: String(recordId) })}`;
}

/**
 * 'Historial de cambios' as a small button: opens the record's changes in Auditoría. `compact`: the icon only
 * (the text stays for screen readers and as the tooltip), for a crowded header.
 */
export function RecordHistoryLink({
  className,
  compact = false,
  ...record
}: RecordRef & { className?: string; compact?: boolean }) {
  const to = useHistoryPath(record);
  if (!to) return null;
  return (
    <Button variant="ghost" size={compact ? 'icon' : 'sm'} asChild className={className}>
      <Link to={to} data-testid="record-history-link" title={compact ? 'Historial de cambios' : undefined}>
        <HistoryIcon aria-hidden />
        <span className={compact ? 'sr-only' : undefined}>Historial de cambios</span>
      </Link>
    </Button>
  );
}

/** The same, as an entry of a dropdown menu (e.g. an appointment's actions). */
export function RecordHistoryMenuItem(record: RecordRef) {
  const to = useHistoryPath(record);
  if (!to) return null;
  return (
    <DropdownMenuItem asChild>
      <Link to={to}>
        <HistoryIcon aria-hidden />
        Historial de cambios
      </Link>
    </DropdownMenuItem>
  );
}

import { Badge } from '@/components/ui/badge';
import { normalStatus } from '@/features/appointments/utils/scheduled-at';

const VARIANT = {
  Confirmada: 'success',
  Pendiente: 'warning',
  Cancelada: 'destructive',
  Completada: 'secondary',
} as const;

export function AppointmentStatusBadge({ status }: { status: string }) {
  const s = normalStatus(status);
  return <Badge variant={VARIANT[s as keyof typeof VARIANT] ?? 'outline'}>{s}</Badge>;
}

/** Block colours of the timeline by status. */
export const STATUS_BLOCK: Record<string, string> = {
  Confirmada: 'border-success/40 bg-success/10',
  Pendiente: 'border-warning/50 bg-warning/15',
  Cancelada: 'border-destructive/30 bg-destructive/5 line-through opacity-70',
  Completada: 'border-border bg-muted',
};

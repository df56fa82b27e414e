import { Badge } from '@/components/ui/badge';

const VARIANT = {
  Confirmada: 'success',
  Pendiente: 'warning',
  Cancelada: 'destructive',
  Completada: 'secondary',
} as const;

export function AppointmentStatusBadge({ status }: { status: string }) {
  return <Badge variant={VARIANT[status as keyof typeof VARIANT] ?? 'outline'}>{status}</Badge>;
}

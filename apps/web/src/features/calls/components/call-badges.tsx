import {
  CALL_PRIORITY_LABELS,
  CALL_STATUS_LABELS,
  type CallPriority,
  type CallStatus,
} from '@ips/shared/schemas/calls';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** Priority colours: urgencia red, alta amber, normal blue, baja grey. */
export const PRIORITY_CLASSES: Record<CallPriority, string> = {
  urgencia: 'border-destructive/30 bg-destructive/5 text-destructive',
  alta: 'border-warning/40 bg-warning/15 text-[oklch(0.45_0.1_70)]',
  normal: 'border-primary/25 bg-primary/10 text-primary',
  baja: 'border-border bg-muted text-muted-foreground',
};
/** The left edge of a waiting call's card, in its priority's colour. */
export const PRIORITY_EDGE: Record<CallPriority, string> = {
  urgencia: 'border-l-destructive',
  alta: 'border-l-warning',
  normal: 'border-l-primary',
  baja: 'border-l-border',
};

export function CallPriorityBadge({ priority }: { priority: CallPriority }) {
  return (
    <Badge variant="outline" className={cn(PRIORITY_CLASSES[priority])}>
      {CALL_PRIORITY_LABELS[priority]}
    </Badge>
  );
}

export function CallStatusBadge({ status }: { status: CallStatus }) {
  const variant = status === 'active' ? 'success' : status === 'waiting' ? 'warning' : 'secondary';
  return <Badge variant={variant}>{CALL_STATUS_LABELS[status]}</Badge>;
}

import { HeartPulseIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { priorityStyle } from '@/features/queue/utils/priority-style';

/** Urgente red, Alta orange, Normal green, Baja slate. */
export function PriorityBadge({ level, className }: { level: string; className?: string }) {
  return (
    <Badge
      variant="outline"
      className={cn(priorityStyle(level).badge, className)}
      data-testid="priority-badge"
    >
      <span className={cn('size-1.5 rounded-full', priorityStyle(level).dot)} aria-hidden />
      {level}
    </Badge>
  );
}

/** The patient has an active high-risk pregnancy. */
export function HighRiskBadge() {
  return (
    <Badge variant="outline" className="border-pink-200 bg-pink-50 text-pink-800">
      <HeartPulseIcon aria-hidden />
      Embarazo de alto riesgo
    </Badge>
  );
}

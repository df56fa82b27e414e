import { cn } from '@/lib/utils';
import {
  cardOccupancyTone,
  listOccupancyTone,
  occupancyPercent,
  TONE_BAR,
} from '@/features/agendas/utils/occupancy';

interface OccupancyBarProps {
  used: number;
  total: number;
  /** 'card': red ≥100 %, yellow ≥80 %; 'list': red ≥80 %, yellow ≥50 %. */
  scale?: 'card' | 'list';
  label?: string;
  className?: string;
}

export function OccupancyBar({
  used,
  total,
  scale = 'card',
  label = 'Ocupación',
  className,
}: OccupancyBarProps) {
  const percent = occupancyPercent(used, total);
  const tone = scale === 'card' ? cardOccupancyTone(used, total) : listOccupancyTone(used, total);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.min(100, percent)}
      aria-valuetext={`${used} de ${total} (${percent} %)`}
      data-tone={tone}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div
        className={cn('h-full transition-all', TONE_BAR[tone])}
        style={{ width: `${Math.min(100, percent)}%` }}
      />
    </div>
  );
}

import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

export const numberFormat = new Intl.NumberFormat('es-CO');

/** A number card: title, icon, value and a line under it (dashboard and Agenda del Día). */
export function StatCard({
  title,
  icon,
  value,
  detail,
  loading,
  tone = 'primary',
}: {
  title: string;
  icon: ReactNode;
  value: ReactNode;
  detail?: ReactNode;
  loading?: boolean;
  tone?: 'primary' | 'success' | 'warning' | 'muted';
}) {
  return (
    <Card className="gap-2 px-4 py-4" aria-label={title} data-testid={`stat-${title}`}>
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
        <span
          className={cn(
            'flex size-8 items-center justify-center rounded-lg [&_svg]:size-4',
            tone === 'primary' && 'bg-accent text-primary',
            tone === 'success' && 'bg-success/10 text-success',
            tone === 'warning' && 'bg-warning/15 text-[oklch(0.45_0.1_70)]',
            tone === 'muted' && 'bg-muted text-muted-foreground',
          )}
          aria-hidden
        >
          {icon}
        </span>
      </div>
      {loading ? (
        <div className="space-y-2" aria-hidden>
          <Skeleton className="h-7 w-16" />
          <Skeleton className="h-4 w-28" />
        </div>
      ) : (
        <>
          <p className="text-2xl font-semibold tabular-nums" data-testid="stat-value">
            {value}
          </p>
          {detail && <p className="text-xs text-muted-foreground">{detail}</p>}
        </>
      )}
    </Card>
  );
}

import type { LiveMode } from '@/lib/sse';
import { cn } from '@/lib/utils';

/** Says whether the screen follows the live stream or polls while it is down. */
export function LiveIndicator({ mode, pollSeconds }: { mode: LiveMode; pollSeconds: number }) {
  const live = mode === 'SSE';
  return (
    <p className="mb-4 flex items-center gap-2 text-xs text-muted-foreground" role="status">
      <span className={cn('size-2 rounded-full', live ? 'bg-success' : 'bg-warning')} aria-hidden />
      {live ? 'En vivo' : `Sin conexión en vivo: se actualiza cada ${pollSeconds} s`}
    </p>
  );
}

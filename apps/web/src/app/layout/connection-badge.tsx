import { Hint } from '@/components/ui/hint';
import { useLiveMode } from '@/lib/live-events';
import { cn } from '@/lib/utils';

const DESCRIPTION = {
  SSE: 'Conectado en tiempo real (SSE)',
  POLL: 'Sin conexión en tiempo real: se actualiza cada 10 segundos (POLL)',
} as const;

/** The live-connection badge of the sidebar: SSE (green) or POLL (amber). */
export function ConnectionBadge({ compact = false }: { compact?: boolean }) {
  const mode = useLiveMode();
  const live = mode === 'SSE';
  return (
    <Hint label={DESCRIPTION[mode]} side="right">
      <span
        role="status"
        tabIndex={0}
        aria-label={`Conexión: ${mode}`}
        data-testid="live-mode"
        data-mode={mode}
        className={cn(
          'inline-flex shrink-0 items-center gap-1.5 rounded-full border px-2 py-0.5 text-[0.6875rem] font-semibold tracking-wide outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
          live
            ? 'border-success/25 bg-success/10 text-success'
            : 'border-warning/40 bg-warning/15 text-[oklch(0.45_0.1_70)]',
          compact && 'px-1.5',
        )}
      >
        <span className="relative flex size-2" aria-hidden>
          {live && (
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-60" />
          )}
          <span
            className={cn('relative inline-flex size-2 rounded-full', live ? 'bg-success' : 'bg-warning')}
          />
        </span>
        {!compact && mode}
      </span>
    </Hint>
  );
}

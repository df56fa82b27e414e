import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { countOf } from '@ips/shared/format';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

interface PaginationProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Names the list for screen readers, e.g. 'especialidades'. */
  itemLabel?: string;
  /** The singular of itemLabel ('especialidad'), for a list of one: 'de 1 especialidad'. */
  itemOne?: string;
  className?: string;
}

/** Up to five numbered pages around the current one. */
function windowOf(page: number, pageCount: number): number[] {
  const size = Math.min(5, pageCount);
  let start = Math.max(1, page - 2);
  start = Math.min(start, pageCount - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

const count = new Intl.NumberFormat('es-CO');

export function Pagination({
  page,
  pageCount,
  total,
  pageSize,
  onPageChange,
  itemLabel = 'registros',
  itemOne = 'registro',
  className,
}: PaginationProps) {
  if (total === 0) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-between gap-3 text-sm text-muted-foreground sm:flex-row',
        className,
      )}
    >
      <p aria-live="polite">
        Mostrando {count.format(from)}–{count.format(to)} de {countOf(total, itemOne, itemLabel)}
      </p>
      {pageCount > 1 && (
        <nav aria-label={`Paginación de ${itemLabel}`} className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            onClick={() => onPageChange(page - 1)}
            disabled={page <= 1}
            aria-label="Página anterior"
          >
            <ChevronLeftIcon aria-hidden />
          </Button>
          {windowOf(page, pageCount).map((p) => (
            <Button
              key={p}
              variant={p === page ? 'default' : 'ghost'}
              size="icon"
              className="size-8 text-xs"
              onClick={() => onPageChange(p)}
              aria-label={`Página ${p}`}
              aria-current={p === page ? 'page' : undefined}
            >
              {p}
            </Button>
          ))}
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            onClick={() => onPageChange(page + 1)}
            disabled={page >= pageCount}
            aria-label="Página siguiente"
          >
            <ChevronRightIcon aria-hidden />
          </Button>
        </nav>
      )}
    </div>
  );
}

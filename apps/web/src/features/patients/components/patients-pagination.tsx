import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paginationWindow } from '@/features/patients/utils/pagination-window';

interface PatientsPaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  disabled?: boolean;
}

/** Anterior / up to five page buttons / Siguiente; nothing when everything fits in one page. */
export function PatientsPagination({ page, totalPages, onPageChange, disabled }: PatientsPaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Paginación" className="mt-6 flex flex-wrap items-center justify-center gap-1.5">
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(page - 1)}
        disabled={disabled || page <= 1}
      >
        <ChevronLeftIcon aria-hidden />
        <span className="sr-only sm:not-sr-only">Anterior</span>
      </Button>
      {paginationWindow(page, totalPages).map((n) => (
        <Button
          key={n}
          variant={n === page ? 'default' : 'outline'}
          size="sm"
          className="min-w-8 tabular-nums"
          aria-current={n === page ? 'page' : undefined}
          aria-label={`Página ${n}`}
          onClick={() => onPageChange(n)}
          disabled={disabled && n !== page}
        >
          {n}
        </Button>
      ))}
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(page + 1)}
        disabled={disabled || page >= totalPages}
      >
        <span className="sr-only sm:not-sr-only">Siguiente</span>
        <ChevronRightIcon aria-hidden />
      </Button>
    </nav>
  );
}

import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { monthLabel, shiftMonth, type YearMonth } from '@/features/resources/lib/month';

interface MonthPickerProps {
  value: YearMonth;
  onChange: (value: YearMonth) => void;
  current: YearMonth;
}

/** ‹ noviembre de 2026 › with a way back to the current month. */
export function MonthPicker({ value, onChange, current }: MonthPickerProps) {
  const isCurrent = value.year === current.year && value.month === current.month;
  return (
    <div className="flex items-center gap-1" role="group" aria-label="Mes de las métricas">
      <Button
        variant="outline"
        size="icon"
        className="size-9"
        onClick={() => onChange(shiftMonth(value, -1))}
        aria-label="Mes anterior"
      >
        <ChevronLeftIcon aria-hidden />
      </Button>
      <p
        className="min-w-40 rounded-md border bg-card px-3 py-1.5 text-center text-sm font-medium"
        aria-live="polite"
        data-testid="metrics-month"
      >
        {monthLabel(value)}
      </p>
      <Button
        variant="outline"
        size="icon"
        className="size-9"
        onClick={() => onChange(shiftMonth(value, 1))}
        aria-label="Mes siguiente"
      >
        <ChevronRightIcon aria-hidden />
      </Button>
      {!isCurrent && (
        <Button variant="ghost" size="sm" onClick={() => onChange(current)}>
          Mes actual
        </Button>
      )}
    </div>
  );
}

import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';

/** Previous day, a date field, next day and 'Hoy' (the organisation's today). */
export function DayNavigator({
  date,
  today,
  onChange,
}: {
  date: string;
  today: string;
  onChange: (date: string) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="outline"
        size="icon"
        aria-label="Día anterior"
        onClick={() => onChange(addDays(date, -1))}
      >
        <ChevronLeftIcon aria-hidden />
      </Button>
      <DateInput
        aria-label="Fecha de la cola"
        value={date}
        onChange={(e) => e.target.value && onChange(e.target.value)}
        className="w-40"
      />
      <Button
        variant="outline"
        size="icon"
        aria-label="Día siguiente"
        onClick={() => onChange(addDays(date, 1))}
      >
        <ChevronRightIcon aria-hidden />
      </Button>
      <Button variant="outline" onClick={() => onChange(today)} disabled={date === today}>
        Hoy
      </Button>
    </div>
  );
}

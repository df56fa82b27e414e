import {
  lazy,
  Suspense,
  useId,
  useRef,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { CalendarDaysIcon } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Popover, PopoverAnchor, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import {
  addDaysToDate,
  dateInRange,
  dateToText,
  maskDateTyping,
  textToDate,
} from '@/components/ui/date-time-text';
import { useFieldText, type FieldValueEvent, type FieldValueHandle } from '@/components/ui/use-field-text';
import { cn } from '@/lib/utils';

// The month grid is fetched the first time a calendar opens, not with the form.
const Calendar = lazy(() => import('@/components/ui/calendar'));

export type DateInputProps = Omit<
  ComponentProps<'input'>,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref' | 'min' | 'max' | 'step'
> & {
  /** 'YYYY-MM-DD' or ''. */
  value?: string;
  defaultValue?: string;
  /**
   * 'YYYY-MM-DD': the calendar offers nothing outside [min, max] (typing is checked by the form, as before). A
   * number is accepted only because register() types them so.
   */
  min?: string | number;
  max?: string | number;
  onChange?: (e: FieldValueEvent) => void;
  onBlur?: (e: FieldValueEvent) => void;
  ref?: Ref<FieldValueHandle>;
};

/**
 * A date as dd/mm/aaaa whatever the browser's language (a native date input follows the browser: mm/dd/yyyy in
 * English). Typing is the fast path: digits get their slashes (15032026 → 15/03/2026), d/m/aaaa and a pasted
 * YYYY-MM-DD are read too, ↑/↓ move a day. The calendar button or Alt+↓ opens a month to pick from. The form
 * value is 'YYYY-MM-DD' ('' until the text is a whole, real date), with `register()` or value/onChange alike.
 */
export function DateInput({
  id,
  name = '',
  value,
  defaultValue,
  min: minProp,
  max: maxProp,
  disabled,
  onChange,
  onBlur,
  onKeyDown,
  ref,
  className,
  placeholder = 'dd/mm/aaaa',
  'aria-describedby': describedBy,
  ...props
}: DateInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const min = minProp === undefined ? undefined : String(minProp);
  const max = maxProp === undefined ? undefined : String(maxProp);
  const hintId = `${useId()}-formato`;
  const [open, setOpen] = useState(false);
  const field = useFieldText({
    name,
    value,
    defaultValue,
    disabled,
    onChange,
    onBlur,
    ref,
    toText: dateToText,
    toValue: textToDate,
    focus: () => input.current?.focus(),
  });
  const current = textToDate(field.text);

  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(e);
    if (e.defaultPrevented || disabled) return;
    if (e.key === 'ArrowDown' && e.altKey) {
      e.preventDefault();
      setOpen(true);
    } else if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && current) {
      e.preventDefault();
      const next = addDaysToDate(current, e.key === 'ArrowUp' ? 1 : -1);
      if (dateInRange(next, min, max)) field.choose(next);
    }
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverAnchor asChild>
        <div className={cn('relative w-full min-w-0', className)}>
          <Input
            {...props}
            ref={input}
            id={id}
            name={name || undefined}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            maxLength={10}
            placeholder={placeholder}
            disabled={disabled}
            value={field.text}
            onChange={(e) => {
              const raw = e.target.value;
              // Reformat only while typing at the end; an edit in the middle keeps the caret where it is.
              const atEnd = (e.target.selectionStart ?? raw.length) >= raw.length;
              field.type(atEnd ? maskDateTyping(raw) : raw);
            }}
            onBlur={() => field.blur()}
            onKeyDown={keyDown}
            aria-describedby={[describedBy, hintId].filter(Boolean).join(' ')}
            className="pr-10 tabular-nums"
          />
          <span id={hintId} className="sr-only">
            Formato día/mes/año, por ejemplo 15/03/2026. Alt y flecha abajo abren el calendario.
          </span>
          <PopoverTrigger asChild>
            <button
              type="button"
              // The text field is the keyboard's way in (Alt+↓ opens the calendar): one tab stop per date.
              tabIndex={-1}
              disabled={disabled}
              aria-label="Abrir calendario"
              className="absolute top-1/2 right-1 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50"
            >
              <CalendarDaysIcon className="size-4" aria-hidden />
            </button>
          </PopoverTrigger>
        </div>
      </PopoverAnchor>
      <PopoverContent
        align="end"
        className="w-auto p-3"
        aria-label="Calendario"
        // The calendar focuses its day itself; closing returns to the text field.
        onOpenAutoFocus={(e) => e.preventDefault()}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          input.current?.focus();
        }}
      >
        <Suspense fallback={<div className="size-64" role="status" aria-label="Cargando calendario" />}>
          <Calendar
            value={current}
            min={min}
            max={max}
            onSelect={(iso) => {
              field.choose(iso);
              setOpen(false);
            }}
          />
        </Suspense>
      </PopoverContent>
    </Popover>
  );
}

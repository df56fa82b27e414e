import { useId, useRef, type ComponentProps, type KeyboardEvent, type Ref } from 'react';
import { Clock3Icon } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { addMinutesToTime, maskTimeTyping, textToTime, timeToText } from '@/components/ui/date-time-text';
import { useFieldText, type FieldValueEvent, type FieldValueHandle } from '@/components/ui/use-field-text';
import { cn } from '@/lib/utils';

export type TimeInputProps = Omit<
  ComponentProps<'input'>,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref' | 'min' | 'max' | 'step'
> & {
  /** 'HH:MM' (24 hours) or ''; 'HH:MM:SS' is read too. */
  value?: string;
  defaultValue?: string;
  /** 'HH:MM': where ↑/↓ start from an empty field (typing is checked by the form, as with a native input). */
  min?: string | number;
  max?: string | number;
  /** Seconds that ↑/↓ move, like a native time input's step (default 300: five minutes). */
  step?: number;
  onChange?: (e: FieldValueEvent) => void;
  onBlur?: (e: FieldValueEvent) => void;
  ref?: Ref<FieldValueHandle>;
};

/**
 * A time as HH:MM on a 24-hour clock whatever the browser's language (a native time input shows 12-hour AM/PM
 * in English). Typing 0730, 730 or 7:30 gives 07:30; ↑/↓ move by the step. The form value is 'HH:MM' ('' until
 * the text is a whole, valid time), with `register()` or value/onChange alike.
 */
export function TimeInput({
  id,
  name = '',
  value,
  defaultValue,
  min: minProp,
  max: maxProp,
  step = 300,
  disabled,
  onChange,
  onBlur,
  onKeyDown,
  ref,
  className,
  placeholder = 'hh:mm',
  'aria-describedby': describedBy,
  ...props
}: TimeInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const min = minProp === undefined ? undefined : String(minProp);
  const max = maxProp === undefined ? undefined : String(maxProp);
  const hintId = `${useId()}-formato`;
  const field = useFieldText({
    name,
    value,
    defaultValue,
    disabled,
    onChange,
    onBlur,
    ref,
    toText: timeToText,
    toValue: textToTime,
    focus: () => input.current?.focus(),
  });

  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(e);
    if (e.defaultPrevented || disabled || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    const minutes = Math.max(1, Math.round(step / 60));
    const current = textToTime(field.text, true);
    // From empty, ↑ starts at the earliest allowed time (or 00:00) and ↓ at the latest.
    const next = current
      ? addMinutesToTime(current, e.key === 'ArrowUp' ? minutes : -minutes)
      : e.key === 'ArrowUp'
        ? timeToText(min) || '00:00'
        : timeToText(max) || addMinutesToTime('00:00', -minutes);
    field.choose(next);
  };

  return (
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
        maxLength={5}
        placeholder={placeholder}
        disabled={disabled}
        value={field.text}
        onChange={(e) => {
          const raw = e.target.value;
          const atEnd = (e.target.selectionStart ?? raw.length) >= raw.length;
          field.type(atEnd ? maskTimeTyping(raw) : raw);
        }}
        onBlur={() => field.blur()}
        onKeyDown={keyDown}
        aria-describedby={[describedBy, hintId].filter(Boolean).join(' ')}
        className="pr-9 tabular-nums"
      />
      <span id={hintId} className="sr-only">
        Hora de 24 horas, por ejemplo 14:30. Las flechas arriba y abajo la cambian.
      </span>
      <Clock3Icon
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
    </div>
  );
}

import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

export const NONE = '__none__';

interface SimpleSelectProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string; disabled?: boolean }[];
  placeholder?: string;
  /** Offers an empty choice with this text (its value is ''). */
  noneLabel?: string;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-label'?: string;
}

/** A labelled Radix select over string values; '' reads as "nothing chosen". */
export function SimpleSelect({
  id,
  value,
  onChange,
  options,
  placeholder,
  noneLabel,
  disabled,
  ...aria
}: SimpleSelectProps) {
  return (
    <Select
      value={value === '' ? (noneLabel ? NONE : '') : value}
      onValueChange={(v) => onChange(v === NONE ? '' : v)}
      disabled={disabled}
    >
      <SelectTrigger id={id} {...aria}>
        <SelectValue placeholder={placeholder ?? 'Seleccione…'} />
      </SelectTrigger>
      <SelectContent>
        {noneLabel && <SelectItem value={NONE}>{noneLabel}</SelectItem>}
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';

const ALL = '__all__';

/** A select over labelled options; with `allLabel`, an extra first option that means "no filter" (''). */
export function OptionSelect({
  id,
  value,
  onChange,
  options,
  label,
  allLabel,
  className,
}: {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  label: string;
  allLabel?: string;
  className?: string;
}) {
  return (
    <Select value={value || (allLabel ? ALL : undefined)} onValueChange={(v) => onChange(v === ALL ? '' : v)}>
      <SelectTrigger id={id} className={cn('w-full', className)} aria-label={id ? undefined : label}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {allLabel && <SelectItem value={ALL}>{allLabel}</SelectItem>}
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

export const optionsOf = <K extends string>(labels: Record<K, string>) =>
  (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));

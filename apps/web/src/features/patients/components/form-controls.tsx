import { useId, type ComponentProps, type ReactNode } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { DateInput } from '@/components/ui/date-input';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';

/** Radix Select cannot hold '' as an item value; this one stands for "no value" and is stored as ''. */
const NONE = '__none__';

export interface Option {
  value: string;
  label: string;
}

interface FieldShellProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function FieldShell({ id, label, required, error, hint, className, children }: FieldShellProps) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {required && (
          <span className="text-destructive" aria-hidden>
            *
          </span>
        )}
      </Label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

interface BaseProps<V extends FieldValues, O> {
  form: UseFormReturn<V, unknown, O>;
  name: Path<V>;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
}

function useFieldIds<V extends FieldValues, O>(form: UseFormReturn<V, unknown, O>, name: Path<V>) {
  const id = `${useId()}-${String(name)}`;
  const error = form.getFieldState(name, form.formState).error?.message;
  return {
    id,
    error,
    aria: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : `${id}-hint`,
    },
  };
}

export function TextField<V extends FieldValues, O = V>({
  form,
  name,
  label,
  required,
  hint,
  className,
  ...input
}: BaseProps<V, O> & Omit<ComponentProps<'input'>, 'name' | 'form'>) {
  const { id, error, aria } = useFieldIds(form, name);
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint} className={className}>
      <Input id={id} aria-required={required || undefined} {...aria} {...input} {...form.register(name)} />
    </FieldShell>
  );
}

/** A date as dd/mm/aaaa whatever the browser's language; the form value stays 'YYYY-MM-DD'. */
export function DateField<V extends FieldValues, O = V>({
  form,
  name,
  label,
  required,
  hint,
  className,
  min,
  max,
}: BaseProps<V, O> & { min?: string; max?: string }) {
  const { id, error, aria } = useFieldIds(form, name);
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint} className={className}>
      <DateInput
        id={id}
        aria-required={required || undefined}
        {...aria}
        min={min}
        max={max}
        {...form.register(name)}
      />
    </FieldShell>
  );
}

export function TextareaField<V extends FieldValues, O = V>({
  form,
  name,
  label,
  required,
  hint,
  className,
  ...input
}: BaseProps<V, O> & Omit<ComponentProps<'textarea'>, 'name' | 'form'>) {
  const { id, error, aria } = useFieldIds(form, name);
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint} className={className}>
      <Textarea id={id} {...aria} {...input} {...form.register(name)} />
    </FieldShell>
  );
}

export function SelectField<V extends FieldValues, O = V>({
  form,
  name,
  label,
  required,
  hint,
  className,
  options,
  placeholder = 'Seleccione...',
  emptyLabel,
  disabled,
  onValueChange,
}: BaseProps<V, O> & {
  options: readonly Option[];
  placeholder?: string;
  /** Adds a first item that empties the field (optional selects). */
  emptyLabel?: string;
  disabled?: boolean;
  onValueChange?: (value: string) => void;
}) {
  const { id, error, aria } = useFieldIds(form, name);
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint} className={className}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Select
            value={field.value ? String(field.value) : ''}
            onValueChange={(v) => {
              const next = v === NONE ? '' : v;
              field.onChange(next);
              onValueChange?.(next);
            }}
            disabled={disabled}
          >
            <SelectTrigger id={id} ref={field.ref} onBlur={field.onBlur} {...aria}>
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
            <SelectContent>
              {emptyLabel && <SelectItem value={NONE}>{emptyLabel}</SelectItem>}
              {options.map((o) => (
                <SelectItem key={o.value} value={o.value}>
                  {o.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </FieldShell>
  );
}

export function SwitchField<V extends FieldValues, O = V>({
  form,
  name,
  label,
  hint,
  className,
  onCheckedChange,
}: BaseProps<V, O> & { onCheckedChange?: (checked: boolean) => void }) {
  const id = `${useId()}-${String(name)}`;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <div className={cn('flex items-center justify-between gap-4 rounded-lg border p-3', className)}>
          <div className="space-y-0.5">
            <Label htmlFor={id}>{label}</Label>
            {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
          </div>
          <Switch
            id={id}
            ref={field.ref}
            checked={Boolean(field.value)}
            onCheckedChange={(checked) => {
              field.onChange(checked);
              onCheckedChange?.(checked);
            }}
          />
        </div>
      )}
    />
  );
}

export const toOptions = (list: readonly { id: number; name: string }[]): Option[] =>
  list.map((x) => ({ value: String(x.id), label: x.name }));

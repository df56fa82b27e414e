import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/** The id of a control's error text, for its aria-describedby. */
export const errorIdOf = (id: string) => `${id}-error`;
export const hintIdOf = (id: string) => `${id}-hint`;

/** aria-invalid and aria-describedby for a control with an optional hint and error. */
export function describedBy(id: string, error?: string, hint?: boolean) {
  const ids = [hint && !error ? hintIdOf(id) : null, error ? errorIdOf(id) : null].filter(Boolean);
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids.length ? ids.join(' ') : undefined,
  } as const;
}

interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A label, its control, a hint and the validation message under it. In a form's grid it may be narrower than its
 * content (min-w-0): a one-column grid on a phone would otherwise widen to its widest field.
 */
export function Field({ id, label, error, hint, required, className, children }: FieldProps) {
  return (
    <div className={cn('grid min-w-0 content-start gap-1.5', className)}>
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
        <p id={hintIdOf(id)} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorIdOf(id)} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

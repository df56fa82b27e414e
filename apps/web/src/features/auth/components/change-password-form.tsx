import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { CheckIcon, Loader2Icon } from 'lucide-react';
import { changePasswordBody } from '@ips/shared/schemas/password';
import { Button } from '@/components/ui/button';
import { describedBy, Field } from '@/components/ui/field';
import { useChangePassword } from '@/features/auth/api/change-password';
import { PasswordInput } from '@/features/auth/components/password-input';
import { ApiError } from '@/lib/api-client';
import { toastError } from '@/lib/error-toast';

// The server's schema (length, common passwords, different from the current one) plus the confirmation.
const formSchema = changePasswordBody.and(
  z
    .object({ new_password: z.string(), confirm_password: z.string() })
    .refine((v) => v.confirm_password === v.new_password, {
      message: 'Las contraseñas no coinciden',
      path: ['confirm_password'],
    }),
);
type Values = { current_password: string; new_password: string; confirm_password: string };
const FIELDS = ['current_password', 'new_password', 'confirm_password'] as const;

export const PASSWORD_RULES = [
  'Al menos 12 caracteres',
  'No puede ser una contraseña común (como «colombia123» o «contraseña2024»)',
  'Distinta de la contraseña actual',
];

export function ChangePasswordForm({ onDone }: { onDone?: () => void }) {
  const change = useChangePassword();
  const form = useForm<Values>({
    resolver: zodResolver(formSchema) as never,
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(({ current_password, new_password }) =>
    change.mutate(
      { current_password, new_password },
      {
        onSuccess: () => {
          form.reset();
          onDone?.();
        },
        onError: (err) => {
          const fieldErrors = err instanceof ApiError ? err.errors : undefined;
          const known = FIELDS.filter((f) => fieldErrors?.[f]?.length);
          for (const f of known) form.setError(f, { message: fieldErrors![f]![0] }, { shouldFocus: true });
          if (!known.length) toastError(err, 'No se pudo cambiar la contraseña');
        },
      },
    ),
  );

  const field = (name: (typeof FIELDS)[number], label: string, autoComplete: string) => {
    const id = name.replace('_', '-');
    const error = errors[name]?.message;
    return (
      <Field id={id} label={label} error={error}>
        <PasswordInput
          id={id}
          autoComplete={autoComplete}
          {...describedBy(id, error)}
          {...form.register(name)}
        />
      </Field>
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Cambiar contraseña">
      {field('current_password', 'Contraseña actual', 'current-password')}
      {field('new_password', 'Nueva contraseña', 'new-password')}
      <ul
        className="space-y-1 rounded-md bg-muted/60 px-3 py-2 text-xs text-muted-foreground"
        aria-label="Requisitos"
      >
        {PASSWORD_RULES.map((rule) => (
          <li key={rule} className="flex items-start gap-1.5">
            <CheckIcon className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden />
            {rule}
          </li>
        ))}
      </ul>
      {field('confirm_password', 'Confirmar nueva contraseña', 'new-password')}
      <Button type="submit" size="lg" className="w-full" disabled={change.isPending}>
        {change.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
        {change.isPending ? 'Guardando…' : 'Cambiar contraseña'}
      </Button>
    </form>
  );
}

import { useRef, useState, type FormEvent } from 'react';
import { AlertCircleIcon, EyeIcon, EyeOffIcon, Loader2Icon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useLogin, type LoginInput } from '@/features/auth/api/login';
import { DemoAccounts } from '@/features/auth/components/demo-accounts';
import { ApiError } from '@/lib/api-client';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function errorTitle(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 429) return 'Demasiados intentos';
    if (err.status === 0) return 'Sin conexión';
    if (err.status === 401 || err.status === 400) return 'No se pudo iniciar sesión';
  }
  return 'Error al iniciar sesión';
}

type Field = keyof LoginInput;
type Errors = Partial<Record<Field, string>>;

/** The same rules and messages the form always had; the server checks the credentials. */
function validate(values: LoginInput): Errors {
  const errors: Errors = {};
  if (!values.email) errors.email = 'Ingrese su correo electrónico';
  else if (!EMAIL.test(values.email)) errors.email = 'Ingrese un correo electrónico válido';
  if (!values.password) errors.password = 'Ingrese su contraseña';
  return errors;
}

/**
 * Plain controlled state rather than a form library: this form is on the first screen every user loads.
 * Like before, errors show after the first submit and are re-checked as the user types.
 */
export function LoginForm({ demoMode }: { demoMode: boolean }) {
  const login = useLogin();
  const [showPassword, setShowPassword] = useState(false);
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  function change(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors((e) => ({ ...e, [field]: validate(next)[field] }));
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    const first = (['email', 'password'] as const).find((f) => found[f]);
    if (first) {
      inputs[first].current?.focus();
      return;
    }
    login.mutate({ email: values.email.trim(), password: values.password });
  }

  function pickDemo(email: string, password: string) {
    const next = { email, password };
    setValues(next);
    setErrors(validate(next));
    login.reset();
    inputs.password.current?.focus();
  }

  return (
    <div className="space-y-6">
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Iniciar sesión">
        {login.isError && (
          <Alert variant="destructive" role="alert">
            <AlertCircleIcon aria-hidden />
            <AlertTitle>{errorTitle(login.error)}</AlertTitle>
            <AlertDescription data-testid="login-error">{login.error.message}</AlertDescription>
          </Alert>
        )}

        <div className="space-y-2">
          <Label htmlFor="email">Correo electrónico</Label>
          <Input
            id="email"
            type="email"
            autoComplete="username"
            inputMode="email"
            placeholder="usuario@ips.co"
            autoFocus
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? 'email-error' : undefined}
            ref={inputs.email}
            name="email"
            value={values.email}
            onChange={(e) => change('email', e.target.value)}
          />
          {errors.email && (
            <p id="email-error" className="text-xs font-medium text-destructive">
              {errors.email}
            </p>
          )}
        </div>

        <div className="space-y-2">
          <Label htmlFor="password">Contraseña</Label>
          <div className="relative">
            <Input
              id="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              className="pr-11"
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? 'password-error' : undefined}
              ref={inputs.password}
              name="password"
              value={values.password}
              onChange={(e) => change('password', e.target.value)}
            />
            <button
              type="button"
              onClick={() => setShowPassword((v) => !v)}
              aria-label={showPassword ? 'Ocultar contraseña' : 'Mostrar contraseña'}
              aria-pressed={showPassword}
              className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {showPassword ? (
                <EyeOffIcon className="size-4" aria-hidden />
              ) : (
                <EyeIcon className="size-4" aria-hidden />
              )}
            </button>
          </div>
          {errors.password && (
            <p id="password-error" className="text-xs font-medium text-destructive">
              {errors.password}
            </p>
          )}
        </div>

        <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
          {login.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
          {login.isPending ? 'Iniciando sesión…' : 'Iniciar sesión'}
        </Button>
      </form>

      {demoMode && <DemoAccounts onPick={pickDemo} />}
    </div>
  );
}

import { UserRoundIcon } from 'lucide-react';
import { ROLE_LABELS, type Role } from '@ips/shared/catalogs/roles';

export const DEMO_PASSWORD = 'Demo2026!';

const DEMO_ACCOUNTS: readonly { email: string; role: Role }[] = [
  { email: 'admin@demo.ips.co', role: 'admin' },
  { email: 'supervisor@demo.ips.co', role: 'supervisor' },
  { email: 'agente@demo.ips.co', role: 'agent' },
  { email: 'doctor@demo.ips.co', role: 'doctor' },
  { email: 'recepcion@demo.ips.co', role: 'reception' },
];

/** Demo mode only: the seeded accounts, one click to fill the form. */
export function DemoAccounts({ onPick }: { onPick: (email: string, password: string) => void }) {
  return (
    <section
      aria-labelledby="demo-accounts-title"
      className="rounded-xl border border-dashed border-primary/30 bg-accent/40 p-4"
    >
      <h2 id="demo-accounts-title" className="text-sm font-semibold text-accent-foreground">
        Cuentas de demostración
      </h2>
      <p className="mt-0.5 text-xs text-muted-foreground">Elija una cuenta para llenar el formulario.</p>
      <p className="mt-1 text-xs text-muted-foreground">
        Contraseña para todas:{' '}
        <code className="rounded bg-card px-1.5 py-0.5 font-mono text-[0.75rem] text-foreground">
          {DEMO_PASSWORD}
        </code>
      </p>
      <ul className="mt-3 grid gap-1.5 sm:grid-cols-2">
        {DEMO_ACCOUNTS.map((a) => (
          <li key={a.email}>
            <button
              type="button"
              onClick={() => onPick(a.email, DEMO_PASSWORD)}
              className="flex w-full items-center gap-2.5 rounded-lg border bg-card px-3 py-2 text-left text-sm shadow-xs transition-colors outline-none hover:border-primary/40 hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50"
              aria-label={`Usar la cuenta de ${ROLE_LABELS[a.role]}: ${a.email}`}
            >
              <UserRoundIcon className="size-4 shrink-0 text-primary" aria-hidden />
              <span className="min-w-0">
                <span className="block font-medium leading-tight">{ROLE_LABELS[a.role]}</span>
                <span className="block truncate text-xs text-muted-foreground">{a.email}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

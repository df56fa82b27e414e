import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';

const TABS = [
  { to: '/consultations', label: 'Consultas IA', short: 'Consultas' },
  { to: '/calls', label: 'Monitor de Llamadas', short: 'Monitor' },
  { to: '/calls/dashboard', label: 'Dashboard de Llamadas', short: 'Dashboard' },
  { to: '/calls/history', label: 'Historial', short: 'Historial' },
] as const;

/** The voice agent's consultations and the three call-center screens under Consultas, as tabs that are links (each has its own address). */
export function CallsTabs() {
  return (
    <nav aria-label="Centro de llamadas" className="mb-5 overflow-x-auto">
      <div className="inline-flex h-9 items-center gap-1 rounded-lg bg-muted p-1 text-muted-foreground">
        {TABS.map((t) => (
          <NavLink
            key={t.to}
            to={t.to}
            end
            className={({ isActive }) =>
              cn(
                'rounded-md px-3 py-1 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                isActive ? 'bg-background text-foreground shadow-sm' : 'hover:text-foreground',
              )
            }
          >
            <span className="hidden sm:inline">{t.label}</span>
            <span className="sm:hidden" aria-hidden>
              {t.short}
            </span>
            {t.short !== t.label && <span className="sr-only sm:hidden">{t.label}</span>}
          </NavLink>
        ))}
      </div>
    </nav>
  );
}

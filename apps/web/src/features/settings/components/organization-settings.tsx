import { Link } from 'react-router';
import { BotIcon, ChevronRightIcon, InfoIcon } from 'lucide-react';
import { LoadError, ListSkeleton } from '@/components/list-states';
import { useOrgSettingsValues } from '@/features/settings/api/settings-api';
import { AgendaAutomationCard } from '@/features/settings/components/agenda-automation-card';
import { CallCenterCard } from '@/features/settings/components/call-center-card';
import { EmailAlertsCard } from '@/features/settings/components/email-alerts-card';
import { IpsInfoCard } from '@/features/settings/components/ips-info-card';

/**
 * The organisation's cards of Configuración. The administrator edits them; every other role reads them
 * (role matrix: "Configuración: lectura").
 */
export function OrganizationSettings({
  isAdmin,
  emailConfigured,
}: {
  isAdmin: boolean;
  /** Whether the server can send e-mail; undefined while unknown. */
  emailConfigured?: boolean;
}) {
  const settings = useOrgSettingsValues();
  if (settings.isPending) return <ListSkeleton rows={6} label="Cargando configuración" />;
  if (settings.isError)
    return (
      <LoadError
        title="No se pudo cargar la configuración"
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  const saved = settings.data;
  const readOnly = !isAdmin;
  return (
    <div className="space-y-4">
      {readOnly && (
        <p className="flex items-center gap-2 rounded-lg border bg-muted/40 px-3 py-2 text-sm text-muted-foreground">
          <InfoIcon className="size-4 shrink-0" aria-hidden />
          Solo el administrador puede cambiar la configuración de la organización.
        </p>
      )}
      <IpsInfoCard saved={saved} readOnly={readOnly} />
      <CallCenterCard saved={saved} readOnly={readOnly} />
      <AgendaAutomationCard saved={saved} readOnly={readOnly} />
      <EmailAlertsCard saved={saved} readOnly={readOnly} emailConfigured={emailConfigured} />
      {isAdmin && (
        <Link
          to="/settings/ai"
          className="group flex items-center gap-4 rounded-xl border bg-card p-5 shadow-sm transition-colors outline-none hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <BotIcon className="size-5" aria-hidden />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block font-semibold">Configuración de IA</span>
            <span className="block text-sm text-muted-foreground">
              Asistente de llamadas: horario de atención, restricciones y mensajes.
            </span>
          </span>
          <ChevronRightIcon
            className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
            aria-hidden
          />
        </Link>
      )}
    </div>
  );
}

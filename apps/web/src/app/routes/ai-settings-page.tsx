import { Link } from 'react-router';
import { ArrowLeftIcon } from 'lucide-react';
import type { OrgSettingsValues } from '@ips/shared/schemas/settings';
import { LoadError, ListSkeleton } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useOrgSettingsValues } from '@/features/settings/api/settings-api';
import {
  AiConfigCard,
  AiHoursCard,
  AiMessagesCard,
  AiRestrictionsCard,
} from '@/features/settings/components/ai/ai-cards';
import { useAutosave } from '@/features/settings/hooks/use-autosave';
import { VoiceIntegrationCard } from '@/features/voice-agent/components/voice-integration-card';

/** Configuración de IA (spec part 2 §2): four cards, each field saved on its own. Administrators only. */
export default function AiSettingsPage() {
  const settings = useOrgSettingsValues();
  return (
    <div className="mx-auto w-full max-w-4xl">
      <Link
        to="/settings"
        className="mb-3 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeftIcon className="size-4" aria-hidden />
        Configuración
      </Link>
      <PageHeader
        title="Configuración de IA"
        description="Cada cambio se guarda al salir del campo o al cambiar un interruptor."
      />
      {settings.isPending ? (
        <ListSkeleton rows={8} label="Cargando configuración" />
      ) : settings.isError ? (
        <LoadError
          title="No se pudo cargar la configuración"
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <AiCards saved={settings.data} />
      )}
    </div>
  );
}

function AiCards({ saved }: { saved: OrgSettingsValues }) {
  const form = useAutosave(saved);
  return (
    <div className="space-y-4">
      <AiConfigCard form={form} />
      <AiHoursCard form={form} />
      <AiRestrictionsCard form={form} />
      <AiMessagesCard form={form} />
      <VoiceIntegrationCard />
    </div>
  );
}

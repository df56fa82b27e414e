import { BotIcon, CalendarClockIcon, MessageSquareTextIcon, ShieldAlertIcon } from 'lucide-react';
import type { Autosave } from '@/features/settings/hooks/use-autosave';
import { SettingsCard } from '@/features/settings/components/settings-card';
import {
  AutoNumber,
  AutoSwitch,
  AutoText,
  AutoTime,
} from '@/features/settings/components/ai/autosave-controls';

const DAYS = [
  ['ai_mon', 'Lunes'],
  ['ai_tue', 'Martes'],
  ['ai_wed', 'Miércoles'],
  ['ai_thu', 'Jueves'],
  ['ai_fri', 'Viernes'],
  ['ai_sat', 'Sábado'],
  ['ai_sun', 'Domingo'],
] as const;

export function AiConfigCard({ form }: { form: Autosave }) {
  return (
    <SettingsCard
      id="ai-config"
      title="Configuración del asistente"
      description="El asistente de IA contesta las llamadas entrantes y agenda, confirma o cancela citas."
      icon={BotIcon}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <AutoSwitch form={form} k="ai_enabled" label="Asistente de IA activo" />
        <AutoSwitch
          form={form}
          k="ai_auto_answer"
          label="Respuesta automática"
          hint="Contesta sin esperar a que un agente tome la llamada."
        />
      </div>
      <AutoNumber
        form={form}
        k="ai_response_timeout_seconds"
        label="Tiempo de respuesta (segundos)"
        hint="Entre 1 y 120. Lo que espera antes de contestar."
        min={1}
        max={120}
      />
    </SettingsCard>
  );
}

export function AiHoursCard({ form }: { form: Autosave }) {
  return (
    <SettingsCard
      id="ai-hours"
      title="Horario de actividad"
      description="Fuera de este horario el asistente responde con el mensaje fuera de horario."
      icon={CalendarClockIcon}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <AutoTime form={form} k="ai_start_time" label="Hora de inicio" />
        <AutoTime form={form} k="ai_end_time" label="Hora de fin" />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Días activos</legend>
        <div className="grid grid-cols-2 gap-2 lg:grid-cols-4">
          {DAYS.map(([k, label]) => (
            <AutoSwitch key={k} form={form} k={k} label={label} />
          ))}
        </div>
      </fieldset>
    </SettingsCard>
  );
}

export function AiRestrictionsCard({ form }: { form: Autosave }) {
  return (
    <SettingsCard
      id="ai-restrictions"
      title="Restricciones especiales"
      description="Pausas del asistente en festivos, vacaciones y el descanso del día."
      icon={ShieldAlertIcon}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <AutoSwitch
          form={form}
          k="ai_pause_holidays"
          label="Pausar en festivos"
          hint="Los festivos de Colombia del calendario de la IPS."
        />
        <AutoSwitch
          form={form}
          k="ai_vacation_mode"
          label="Modo vacaciones"
          hint="Responde siempre con el mensaje fuera de horario."
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <AutoTime form={form} k="ai_break_start" label="Inicio del descanso" hint="Vacío: sin descanso" />
        <AutoTime form={form} k="ai_break_end" label="Fin del descanso" hint="Dentro del horario activo" />
      </div>
    </SettingsCard>
  );
}

export function AiMessagesCard({ form }: { form: Autosave }) {
  return (
    <SettingsCard
      id="ai-messages"
      title="Mensajes personalizados"
      description="Lo que dice el asistente en cada momento de la llamada."
      icon={MessageSquareTextIcon}
    >
      <AutoText form={form} k="ai_message_welcome" label="Mensaje de bienvenida" />
      <AutoText form={form} k="ai_message_offline" label="Mensaje fuera de horario" />
      <AutoText form={form} k="ai_message_transfer" label="Mensaje de transferencia a un agente" />
    </SettingsCard>
  );
}

import { AgendaDialogsHost } from '@/features/agendas/components/agenda-dialogs-host';
import { AgendaManagementView } from '@/features/agendas/components/agenda-management-view';

/**
 * /appointments — Gestión de Agenda Médica. The booking features plug their per-appointment and per-agenda
 * actions in here with AgendaSlotsProvider (features/agendas/components/agenda-slots.tsx).
 */
export default function AgendaManagementPage() {
  return (
    <AgendaDialogsHost>
      <AgendaManagementView />
    </AgendaDialogsHost>
  );
}

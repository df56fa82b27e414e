import { useState } from 'react';
import { CalendarPlusIcon, HandIcon } from 'lucide-react';
import { NewAppointmentButton } from '@/components/new-appointment-button';
import { Button } from '@/components/ui/button';
import { useShellActions } from '@/lib/shell-actions';
import { useAuth } from '@/lib/use-auth';
import { AgendaDialogsHost } from '@/features/agendas/components/agenda-dialogs-host';
import { AgendaManagementView } from '@/features/agendas/components/agenda-management-view';
import { AgendaSlotsProvider } from '@/features/agendas/components/agenda-slots';
import type { Agenda } from '@/features/agendas/api/agendas';
import { useOrgClock } from '@/features/agendas/hooks/use-org-clock';
import { agendaCanStart } from '@/features/agendas/utils/agenda-display';
import { AppointmentActionsMenu } from '@/features/appointments/components/actions/appointment-actions-menu';
import { ManualAppointmentDialog } from '@/features/appointments/components/manual/manual-appointment-dialog';
import { QuickAppointmentDialog } from '@/features/appointments/components/quick-appointment-dialog';
import { appointmentPermissions } from '@/features/appointments/utils/permissions';

/**
 * /appointments — Gestión de Agenda Médica. The page composes the two features: the agenda screens, and the
 * booking dialogs of features/appointments plugged into them through AgendaSlotsProvider ('Nueva Cita', each
 * card's 'Registrar Cita' and 'Cita Manual', each booked appointment's manage menu).
 */
export default function AgendaManagementPage() {
  const { user } = useAuth();
  const { today, nowMinutes } = useOrgClock();
  const { canBook } = appointmentPermissions(user?.role);
  // 'Nueva Cita' is the shell's one dialog (app/keyboard/keyboard-layer.tsx), also opened by its shortcut.
  const newAppointment = useShellActions()?.newAppointment;
  const [quick, setQuick] = useState<Agenda | null>(null);
  const [manual, setManual] = useState<Agenda | null>(null);
  // Booking is offered only where an appointment can still start (not in a block that has ended).
  const bookable = (a: Agenda) => canBook && a.status === 'Activa' && agendaCanStart(a, today, nowMinutes);

  return (
    <AgendaSlotsProvider
      headerActions={
        canBook && newAppointment && <NewAppointmentButton variant="outline" onClick={newAppointment} />
      }
      renderAgendaActions={(agenda) =>
        bookable(agenda) && (
          <>
            {agenda.booked_slots < agenda.capacity && (
              <Button size="sm" variant="outline" onClick={() => setQuick(agenda)}>
                <CalendarPlusIcon aria-hidden />
                Registrar Cita
              </Button>
            )}
            <Button size="sm" variant="outline" onClick={() => setManual(agenda)}>
              <HandIcon aria-hidden />
              Cita Manual
            </Button>
          </>
        )
      }
      renderAppointmentActions={(appointment) => <AppointmentActionsMenu appointment={appointment} />}
    >
      <AgendaDialogsHost>
        <AgendaManagementView />
      </AgendaDialogsHost>
      <QuickAppointmentDialog agenda={quick} onOpenChange={(open) => !open && setQuick(null)} />
      <ManualAppointmentDialog agenda={manual} onOpenChange={(open) => !open && setManual(null)} />
    </AgendaSlotsProvider>
  );
}

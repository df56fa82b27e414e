import { useState } from 'react';
import { CalendarPlusIcon, HandIcon, PlusIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
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
import { SmartAssignmentDialog } from '@/features/appointments/components/smart/smart-assignment-dialog';
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
  const [smartOpen, setSmartOpen] = useState(false);
  const [quick, setQuick] = useState<Agenda | null>(null);
  const [manual, setManual] = useState<Agenda | null>(null);
  // Booking is offered only where an appointment can still start (not in a block that has ended).
  const bookable = (a: Agenda) => canBook && a.status === 'Activa' && agendaCanStart(a, today, nowMinutes);

  return (
    <AgendaSlotsProvider
      headerActions={
        canBook && (
          <Button variant="outline" onClick={() => setSmartOpen(true)}>
            <PlusIcon aria-hidden />
            Nueva Cita
          </Button>
        )
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
      <SmartAssignmentDialog open={smartOpen} onOpenChange={setSmartOpen} />
      <QuickAppointmentDialog agenda={quick} onOpenChange={(open) => !open && setQuick(null)} />
      <ManualAppointmentDialog agenda={manual} onOpenChange={(open) => !open && setManual(null)} />
    </AgendaSlotsProvider>
  );
}

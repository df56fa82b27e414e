import { createContext, useContext, type ReactNode } from 'react';
import type { Agenda, Appointment } from '@/features/agendas/api/agendas';

/**
 * Extension points for the booking features (features/appointments): the page that hosts the agenda screens
 * passes renderers here and they appear wherever an agenda or a booked appointment is shown.
 * - renderAppointmentActions: per booked appointment (manage, reassign, cancel the appointment…).
 * - renderAgendaActions: per agenda card (Registrar Cita, Cita Manual…).
 * - headerActions: the page header ('Nueva Cita', opening the smart assignment).
 * Nothing is rendered where none is given: the agenda screens never fake those actions.
 */
export interface AgendaSlots {
  /** Extra buttons in the page header, before 'Crear Agenda' ('Nueva Cita'). */
  headerActions?: ReactNode;
  renderAppointmentActions?: (appointment: Appointment) => ReactNode;
  renderAgendaActions?: (agenda: Agenda) => ReactNode;
}

const AgendaSlotsContext = createContext<AgendaSlots>({});

export function AgendaSlotsProvider({ children, ...slots }: AgendaSlots & { children: ReactNode }) {
  return <AgendaSlotsContext.Provider value={slots}>{children}</AgendaSlotsContext.Provider>;
}

export const useAgendaSlots = () => useContext(AgendaSlotsContext);

import { createContext, useContext } from 'react';
import type { Agenda } from '@/features/agendas/api/agendas';

export type AgendaDialog =
  | { kind: 'details' | 'edit' | 'cancel' | 'transfer' | 'reschedule'; agenda: Agenda }
  | { kind: 'create'; date?: string }
  | { kind: 'day'; date: string }
  | { kind: 'print'; date?: string };

export interface AgendaDialogsApi {
  open: (dialog: AgendaDialog) => void;
  close: () => void;
}

export const AgendaDialogsContext = createContext<AgendaDialogsApi>({ open: () => {}, close: () => {} });

/** Opens one of the agenda modals from anywhere under AgendaDialogsHost. */
export const useAgendaDialogs = () => useContext(AgendaDialogsContext);

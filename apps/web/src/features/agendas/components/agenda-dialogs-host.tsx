import { useMemo, useState, type ReactNode } from 'react';
import {
  AgendaDialogsContext,
  type AgendaDialog,
} from '@/features/agendas/components/agenda-dialogs-context';
import { AgendaDetailsDialog } from '@/features/agendas/components/dialogs/agenda-details-dialog';
import { CancelAgendaDialog } from '@/features/agendas/components/dialogs/cancel-agenda-dialog';
import { CreateAgendaDialog } from '@/features/agendas/components/dialogs/create-agenda-dialog';
import { DayDetailDialog } from '@/features/agendas/components/dialogs/day-detail-dialog';
import { EditAgendaDialog } from '@/features/agendas/components/dialogs/edit-agenda-dialog';
import { PrintAgendaDialog } from '@/features/agendas/components/dialogs/print-agenda-dialog';
import { RescheduleAgendaDialog } from '@/features/agendas/components/dialogs/reschedule-agenda-dialog';
import { TransferAgendaDialog } from '@/features/agendas/components/dialogs/transfer-agenda-dialog';

/**
 * Holds which agenda modal is open. A modal opened from another one (Editar Agenda in the day detail) replaces
 * it; closing returns to nothing, which keeps focus handling simple.
 */
export function AgendaDialogsHost({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<(AgendaDialog & { key: number }) | null>(null);
  const api = useMemo(
    () => ({
      open: (d: AgendaDialog) => setDialog({ ...d, key: Date.now() }),
      close: () => setDialog(null),
    }),
    [],
  );
  const onOpenChange = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const common = { open: true, onOpenChange };

  return (
    <AgendaDialogsContext.Provider value={api}>
      {children}
      {dialog?.kind === 'details' && (
        <AgendaDetailsDialog key={dialog.key} {...common} agenda={dialog.agenda} />
      )}
      {dialog?.kind === 'edit' && <EditAgendaDialog key={dialog.key} {...common} agenda={dialog.agenda} />}
      {dialog?.kind === 'cancel' && (
        <CancelAgendaDialog key={dialog.key} {...common} agenda={dialog.agenda} />
      )}
      {dialog?.kind === 'transfer' && (
        <TransferAgendaDialog key={dialog.key} {...common} agenda={dialog.agenda} />
      )}
      {dialog?.kind === 'reschedule' && (
        <RescheduleAgendaDialog key={dialog.key} {...common} agenda={dialog.agenda} />
      )}
      {dialog?.kind === 'create' && <CreateAgendaDialog key={dialog.key} {...common} date={dialog.date} />}
      {dialog?.kind === 'day' && <DayDetailDialog key={dialog.key} {...common} date={dialog.date} />}
      {dialog?.kind === 'print' && <PrintAgendaDialog key={dialog.key} {...common} date={dialog.date} />}
    </AgendaDialogsContext.Provider>
  );
}

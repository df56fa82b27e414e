import { useState } from 'react';
import { FileSpreadsheetIcon, FileTextIcon, Loader2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { DateInput } from '@/components/ui/date-input';
import { useAgendaExports } from '@/features/agendas/hooks/use-agenda-exports';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  date?: string;
}

/** Imprimir Agenda: the day's agenda as PDF (confirmed appointments) or Excel (one sheet per doctor). */
export function PrintAgendaDialog({ open, onOpenChange, date: initial }: Props) {
  const [date, setDate] = useState(initial ?? '');
  const [error, setError] = useState<string>();
  const exports = useAgendaExports();

  const run = (kind: 'pdf' | 'excel') => {
    if (!date) {
      setError('Seleccione una fecha');
      return;
    }
    setError(undefined);
    void (kind === 'pdf' ? exports.exportPdf({ date }) : exports.exportExcel({ date }));
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Imprimir Agenda</DialogTitle>
          <DialogDescription>
            El PDF incluye las citas confirmadas de cada profesional; el Excel, todas las citas con un
            resumen.
          </DialogDescription>
        </DialogHeader>
        <Field id="print-date" label="Fecha" required error={error}>
          <DateInput id="print-date" value={date} onChange={(e) => setDate(e.target.value)} />
        </Field>
        <DialogFooter>
          <Button variant="outline" disabled={exports.busy !== null} onClick={() => run('excel')}>
            {exports.busy === 'excel' ? (
              <Loader2Icon className="animate-spin" aria-hidden />
            ) : (
              <FileSpreadsheetIcon aria-hidden />
            )}
            Exportar Excel
          </Button>
          <Button disabled={exports.busy !== null} onClick={() => run('pdf')}>
            {exports.busy === 'pdf' ? (
              <Loader2Icon className="animate-spin" aria-hidden />
            ) : (
              <FileTextIcon aria-hidden />
            )}
            Descargar PDF
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

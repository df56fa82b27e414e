import { useState } from 'react';
import { toast } from 'sonner';
import { countOf } from '@ips/shared/format';
import { errorMessage } from '@/lib/error-toast';
import type { WaitingPdfInput } from '@/features/queue/pdf/waiting-list-pdf';

/** The waiting-list PDF; its code and jsPDF are fetched on the first click. `busy` names what is exporting. */
export function useWaitingPdf() {
  const [busy, setBusy] = useState<string | null>(null);

  async function exportPdf(key: string, input: WaitingPdfInput) {
    if (input.groups.every((g) => g.entries.length === 0)) {
      toast.error('No se pudo generar el PDF', { description: 'No hay pacientes en espera para exportar' });
      return;
    }
    setBusy(key);
    try {
      const { exportWaitingListPdf } = await import('@/features/queue/pdf/waiting-list-pdf');
      const r = await exportWaitingListPdf(input);
      toast.success('PDF generado', { description: `${r.fileName}: ${countOf(r.total, 'paciente')}.` });
    } catch (err) {
      toast.error('No se pudo generar el PDF', { description: errorMessage(err) });
    } finally {
      setBusy(null);
    }
  }

  return { busy, exportPdf };
}

import { useState } from 'react';
import { toast } from 'sonner';
import type { DailyExportScope } from '@/features/agendas/export/daily-export-data';
import { errorMessage } from '@/lib/error-toast';

type Kind = 'pdf' | 'excel';

/** The daily agenda PDF and Excel; their code, jsPDF and ExcelJS are fetched on the first click. */
export function useAgendaExports() {
  const [busy, setBusy] = useState<Kind | null>(null);

  async function run(kind: Kind, scope: DailyExportScope) {
    setBusy(kind);
    try {
      const fileName =
        kind === 'pdf'
          ? await import('@/features/agendas/export/daily-agenda-pdf').then((m) =>
              m.exportDailyAgendaPdf(scope),
            )
          : await import('@/features/agendas/export/daily-agenda-excel').then((m) =>
              m.exportDailyAgendaExcel(scope),
            );
      toast.success(kind === 'pdf' ? 'PDF generado' : 'Excel generado', { description: fileName });
    } catch (err) {
      if (err instanceof Error && err.name === 'NothingToExportError')
        toast.error('Sin citas', { description: err.message });
      else
        toast.error(kind === 'pdf' ? 'No se pudo generar el PDF' : 'No se pudo generar el archivo Excel', {
          description: errorMessage(err),
        });
    } finally {
      setBusy(null);
    }
  }

  return {
    busy,
    exportPdf: (scope: DailyExportScope) => run('pdf', scope),
    exportExcel: (scope: DailyExportScope) => run('excel', scope),
  };
}

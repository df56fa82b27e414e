import { useState } from 'react';
import { toast } from 'sonner';
import type { PatientDto } from '@ips/shared/schemas/patients-response';
import { countOf } from '@ips/shared/format';
import type { ListPdfFilters } from '@/features/patients/pdf/patients-list-pdf';
import { errorMessage } from '@/lib/error-toast';

const nf = new Intl.NumberFormat('es-CO');

/** The two exports of the directory; the PDF code (and jsPDF) is fetched on the first click. */
export function usePdfExport() {
  const [busy, setBusy] = useState<'list' | number | null>(null);

  async function run<T>(key: 'list' | number, work: () => Promise<T>, describe: (r: T) => string) {
    setBusy(key);
    try {
      const result = await work();
      toast.success('PDF Generado', { description: describe(result) });
    } catch (err) {
      toast.error('No se pudo generar el PDF', { description: errorMessage(err) });
    } finally {
      setBusy(null);
    }
  }

  return {
    busy,
    exportPatient: (p: PatientDto) =>
      run(
        p.id,
        () => import('@/features/patients/pdf/patient-pdf').then((m) => m.exportPatientPdf(p)),
        (name) => name,
      ),
    exportList: (filters: ListPdfFilters) =>
      run(
        'list',
        () =>
          import('@/features/patients/pdf/patients-list-pdf').then((m) => m.exportPatientsListPdf(filters)),
        (r) =>
          r.exported < r.total
            ? `${r.fileName}: se incluyeron ${nf.format(r.exported)} de ${countOf(r.total, 'paciente')} (límite del PDF).`
            : `${r.fileName}: ${countOf(r.total, 'paciente')}.`,
      ),
  };
}

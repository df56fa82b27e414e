import { FileDownIcon, PencilIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { Patient } from '@/features/patients/api/get-patients';
import { PatientAppointmentsTab } from '@/features/patients/components/patient-appointments-tab';
import { PatientCallsTab } from '@/features/patients/components/patient-calls-tab';
import { PatientDocumentsTab } from '@/features/patients/components/documents/patient-documents-tab';
import { PatientAvatar } from '@/features/patients/components/patient-avatar';
import {
  BasicTab,
  ContactTab,
  DemographicTab,
  InsuranceTab,
  MedicalTab,
} from '@/features/patients/components/patient-detail-tabs';
import { documentLabel, patientAge, statusVariant } from '@/features/patients/utils/patient-display';
import { RecordHistoryLink } from '@/components/record-history-link';
import { canRole, CALL_READ_ROLES, DOCUMENT_READ_ROLES } from '@ips/shared/catalogs/roles';
import { useAuth } from '@/lib/use-auth';

const TABS = [
  { value: 'basica', label: 'Básica' },
  { value: 'contacto', label: 'Contacto' },
  { value: 'medica', label: 'Médica' },
  { value: 'seguro', label: 'Seguro' },
  { value: 'demografica', label: 'Demográfica' },
  { value: 'citas', label: 'Citas' },
  { value: 'llamadas', label: 'Llamadas' },
  { value: 'documentos', label: 'Documentos' },
] as const;

interface PatientDetailDialogProps {
  patient: Patient | null;
  onOpenChange: (open: boolean) => void;
  timezone: string;
  onExportPdf?: (p: Patient) => void;
  onEdit?: (p: Patient) => void;
}

/**
 * Everything about one patient in tabs; PDF and Editar when those actions are available. 'Llamadas' only for
 * the roles that read the call center (not doctors); 'Documentos' for those who read documents (not agents).
 */
export function PatientDetailDialog({
  patient: p,
  onOpenChange,
  timezone,
  onExportPdf,
  onEdit,
}: PatientDetailDialogProps) {
  const role = useAuth().user?.role;
  const showCalls = canRole(CALL_READ_ROLES, role);
  const showDocuments = canRole(DOCUMENT_READ_ROLES, role);
  const tabs = TABS.filter(
    (t) => (t.value !== 'llamadas' || showCalls) && (t.value !== 'documentos' || showDocuments),
  );
  return (
    <Dialog open={p !== null} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[92svh] max-w-3xl flex-col gap-0 p-0" showClose={false}>
        {p && (
          <>
            <div className="flex flex-col gap-4 border-b p-5 sm:flex-row sm:items-center">
              <div className="flex min-w-0 flex-1 items-center gap-3">
                <PatientAvatar name={p.name} inactive={p.status !== 'Activo'} className="size-12" />
                <div className="min-w-0">
                  <DialogTitle className="truncate" title={p.name}>
                    {p.name}
                  </DialogTitle>
                  <DialogDescription className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="tabular-nums">{documentLabel(p)}</span>
                    {patientAge(p, timezone) && <span aria-hidden>·</span>}
                    {patientAge(p, timezone) && <span>{patientAge(p, timezone)}</span>}
                    <Badge variant={statusVariant(p.status)}>{p.status}</Badge>
                  </DialogDescription>
                </div>
              </div>
              <div className="flex shrink-0 gap-2">
                {onExportPdf && (
                  <Button variant="outline" size="sm" onClick={() => onExportPdf(p)}>
                    <FileDownIcon aria-hidden />
                    PDF
                  </Button>
                )}
                {onEdit && (
                  <Button variant="outline" size="sm" onClick={() => onEdit(p)}>
                    <PencilIcon aria-hidden />
                    Editar
                  </Button>
                )}
                <RecordHistoryLink tableName="patients" recordId={p.id} compact className="size-8" />
                <DialogClose asChild>
                  <Button size="sm">Cerrar</Button>
                </DialogClose>
              </div>
            </div>

            <Tabs defaultValue="basica" className="min-h-0 flex-1 gap-0">
              <div className="border-b px-5 py-3">
                <TabsList
                  className="grid h-auto w-full grid-cols-3 sm:flex sm:h-10"
                  aria-label="Secciones del paciente"
                >
                  {tabs.map((t) => (
                    <TabsTrigger key={t.value} value={t.value} className="h-8 sm:h-full">
                      {t.label}
                    </TabsTrigger>
                  ))}
                </TabsList>
              </div>
              <div className="min-h-0 flex-1 overflow-y-auto p-5">
                <TabsContent value="basica">
                  <BasicTab patient={p} timezone={timezone} />
                </TabsContent>
                <TabsContent value="contacto">
                  <ContactTab patient={p} />
                </TabsContent>
                <TabsContent value="medica">
                  <MedicalTab patient={p} />
                </TabsContent>
                <TabsContent value="seguro">
                  <InsuranceTab patient={p} />
                </TabsContent>
                <TabsContent value="demografica">
                  <DemographicTab patient={p} />
                </TabsContent>
                <TabsContent value="citas">
                  <PatientAppointmentsTab patientId={p.id} timezone={timezone} />
                </TabsContent>
                {showCalls && (
                  <TabsContent value="llamadas">
                    <PatientCallsTab patientId={p.id} timezone={timezone} />
                  </TabsContent>
                )}
                {showDocuments && (
                  <TabsContent value="documentos">
                    <PatientDocumentsTab patientId={p.id} timezone={timezone} />
                  </TabsContent>
                )}
              </div>
            </Tabs>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { ChartPieIcon, FileDownIcon, ListIcon, Loader2Icon, UserPlusIcon } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import type { Patient } from '@/features/patients/api/get-patients';
import { ManagePatientDialog } from '@/features/patients/components/manage-patient-dialog';
import { PatientDetailDialog } from '@/features/patients/components/patient-detail-dialog';
import { PatientFormDialog } from '@/features/patients/components/patient-form-dialog';
import { PatientsDirectory } from '@/features/patients/components/patients-directory';
import { PatientsFilterBar } from '@/features/patients/components/patients-filter-bar';
import { PatientsSummaryCards } from '@/features/patients/components/patients-summary-cards';
import { useLinkedPatient } from '@/features/patients/hooks/use-linked-patient';
import { usePatientDirectory } from '@/features/patients/hooks/use-patient-directory';
import { usePdfExport } from '@/features/patients/hooks/use-pdf-export';
import { patientPermissions } from '@/features/patients/utils/permissions';
import { useOrgSettings } from '@/lib/settings/use-org-settings';
import { useAuth } from '@/lib/use-auth';

const PatientStatsDialog = lazy(() =>
  import('@/features/patients/components/patient-stats-dialog').then((m) => ({
    default: m.PatientStatsDialog,
  })),
);

/**
 * Gestión de Pacientes: summary cards, filters, tabs by state and the card grid, all paged by the server.
 * `?patient=<id>` opens that patient's detail (the command palette links here); closing it drops the parameter.
 */
export default function PatientsPage() {
  const { user } = useAuth();
  const { canWrite, canChangeStatus, canHardDelete } = patientPermissions(user?.role);
  const { timezone } = useOrgSettings();
  const directory = usePatientDirectory();
  const pdf = usePdfExport();

  const [viewing, setViewing] = useState<Patient | null>(null);
  // The command palette opens a patient here: /patients?patient=<id>.
  const link = useLinkedPatient();
  // A patient chosen on the page wins; the linked one shows once loaded.
  const shown = viewing ?? link.patient;
  const [formOpen, setFormOpen] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [managing, setManaging] = useState<Patient | null>(null);
  const [statsOpen, setStatsOpen] = useState(false);

  const openNew = () => {
    setEditingId(null);
    setFormOpen(true);
  };
  const openEdit = (p: Patient) => {
    setViewing(null);
    if (link.linked) link.drop();
    setEditingId(p.id);
    setFormOpen(true);
  };
  // Inactivating is narrower than editing (agents edit, not inactivate); deleting for good narrower still.
  const canDelete = (p: Patient) => (p.status === 'Activo' ? canChangeStatus : canHardDelete);

  return (
    <div className="mx-auto w-full max-w-[100rem]">
      <PageHeader
        title="Gestión de Pacientes"
        description="Registre, consulte y actualice los pacientes de la institución."
        actions={
          <>
            <Button variant="ghost" asChild>
              <Link to="/patients/list">
                <ListIcon aria-hidden />
                Listado simple
              </Link>
            </Button>
            <Button variant="outline" onClick={() => setStatsOpen(true)}>
              <ChartPieIcon aria-hidden />
              Gráficos
            </Button>
            <Button
              variant="outline"
              onClick={() =>
                void pdf.exportList({ search: directory.debouncedSearch, gender: directory.gender })
              }
              disabled={pdf.busy === 'list'}
            >
              {pdf.busy === 'list' ? (
                <Loader2Icon className="animate-spin" aria-hidden />
              ) : (
                <FileDownIcon aria-hidden />
              )}
              {pdf.busy === 'list' ? 'Generando PDF...' : 'Exportar PDF'}
            </Button>
            {canWrite && (
              <Button onClick={openNew}>
                <UserPlusIcon aria-hidden />
                Nuevo Paciente
              </Button>
            )}
          </>
        }
      />

      <PatientsSummaryCards />
      <PatientsFilterBar
        search={directory.search}
        onSearchChange={directory.setSearch}
        gender={directory.gender}
        onGenderChange={directory.setGender}
        onClear={directory.clear}
      />
      <PatientsDirectory
        directory={directory}
        timezone={timezone}
        actions={{
          onView: setViewing,
          onEdit: canWrite ? openEdit : undefined,
          onExportPdf: (p) => void pdf.exportPatient(p),
          onDelete: canChangeStatus ? setManaging : undefined,
          canDelete,
          deleteLabel: canHardDelete ? 'Eliminar' : 'Inactivar',
        }}
      />

      <PatientDetailDialog
        patient={shown}
        onOpenChange={(open) => {
          if (open) return;
          setViewing(null);
          if (link.linked) link.drop();
        }}
        timezone={timezone}
        onExportPdf={(p) => void pdf.exportPatient(p)}
        onEdit={canWrite ? openEdit : undefined}
      />
      <PatientFormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        patientId={editingId}
        timezone={timezone}
      />
      <ManagePatientDialog
        patient={managing}
        onOpenChange={(open) => !open && setManaging(null)}
        canHardDelete={canHardDelete}
      />
      {statsOpen && (
        <Suspense fallback={null}>
          <PatientStatsDialog open={statsOpen} onOpenChange={setStatsOpen} />
        </Suspense>
      )}
    </div>
  );
}

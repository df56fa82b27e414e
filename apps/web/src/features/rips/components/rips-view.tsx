import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { AttendanceDialog } from '@/components/rips/attendance-dialog';
import { BuildForm } from '@/features/rips/components/build-form';
import { FixDialog } from '@/features/rips/components/fix-dialogs';
import { PackagesTable } from '@/features/rips/components/packages-table';
import { ProblemsList } from '@/features/rips/components/problems-list';

const FIX_KINDS = ['patient', 'doctor', 'specialty', 'attendance'] as const;

/**
 * 'RIPS' (Facturación; decision 037): build and validate a package, read its problems and fix each where it
 * links, download the JSON exactly as validated, mark it ready and record the Ministry's CUV. The selected
 * package and the open fix live in the address, so a problem's link and a notification land here.
 */
export function RipsView() {
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('package')) || null;
  const fix = FIX_KINDS.find((k) => k === params.get('fix')) ?? null;
  const fixId = Number(params.get('id')) || null;
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(changes))
          if (v === null) next.delete(k);
          else next.set(k, v);
        return next;
      },
      { replace: true },
    );
  const closeFix = () => update({ fix: null, id: null });
  return (
    <div className="space-y-6">
      <PageHeader
        title="RIPS"
        description="Registros Individuales de Prestación de Servicios en JSON (Resolución 2275 de 2023)"
      />
      <BuildForm onBuilt={(id) => update({ package: String(id) })} />
      <PackagesTable selected={selected} onSelect={(id) => update({ package: String(id) })} />
      {selected && <ProblemsList key={selected} packageId={selected} />}
      {fix === 'attendance' ? (
        <AttendanceDialog appointmentId={fixId} subtitle={`Cita ${fixId}`} onClose={closeFix} />
      ) : (
        fix && fixId && <FixDialog key={`${fix}-${fixId}`} kind={fix} id={fixId} onClose={closeFix} />
      )}
    </div>
  );
}

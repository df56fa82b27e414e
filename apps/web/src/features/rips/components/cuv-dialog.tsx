import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { localDate } from '@ips/shared/format';
import type { RipsPackageDto } from '@ips/shared/schemas/rips';
import { FormDialog } from '@/components/form-dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/error-toast';
import { useRecordCuv } from '@/features/rips/api/rips';

/** The CUV (Código Único de Validación) that the Ministry's validator returned, with its date. */
export function CuvDialog({ pkg, onClose }: { pkg: RipsPackageDto | null; onClose: () => void }) {
  const [cuv, setCuv] = useState('');
  const [date, setDate] = useState(() => localDate());
  const save = useRecordCuv();
  useEffect(() => {
    setCuv(pkg?.cuv ?? '');
    setDate(pkg?.cuv_date ?? localDate());
  }, [pkg]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!pkg) return;
    save.mutate(
      { id: pkg.id, cuv: cuv.trim(), cuv_date: date },
      {
        onSuccess: () => {
          toast.success('CUV registrado');
          onClose();
        },
        onError: (err) => toast.error('No se pudo registrar el CUV', { description: errorMessage(err) }),
      },
    );
  };
  return (
    <FormDialog
      open={pkg !== null}
      onOpenChange={(o) => !o && onClose()}
      title="Registrar CUV"
      description="El código único de validación que devolvió el validador del Ministerio"
      submitLabel="Guardar CUV"
      pending={save.isPending}
      onSubmit={submit}
    >
      <div className="grid gap-4">
        <Field id="cuv" label="CUV" required>
          <Input id="cuv" value={cuv} onChange={(e) => setCuv(e.target.value)} required />
        </Field>
        <Field id="cuv-date" label="Fecha del CUV" required>
          <Input id="cuv-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} required />
        </Field>
      </div>
    </FormDialog>
  );
}

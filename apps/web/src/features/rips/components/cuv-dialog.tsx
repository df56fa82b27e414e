import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { localDate } from '@ips/shared/format';
import { cuvBody, type RipsPackageDto } from '@ips/shared/schemas/rips';
import { FormDialog } from '@/components/form-dialog';
import { DateInput } from '@/components/ui/date-input';
import { Field, describedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/error-toast';
import { useRecordCuv } from '@/features/rips/api/rips';

/** The CUV (Código Único de Validación) that the Ministry's validator returned, with its date. */
export function CuvDialog({ pkg, onClose }: { pkg: RipsPackageDto | null; onClose: () => void }) {
  const [cuv, setCuv] = useState('');
  const [date, setDate] = useState(() => localDate());
  const [errors, setErrors] = useState<Partial<Record<'cuv' | 'cuv_date', string>>>({});
  const save = useRecordCuv();
  useEffect(() => {
    setCuv(pkg?.cuv ?? '');
    setDate(pkg?.cuv_date ?? localDate());
    setErrors({});
  }, [pkg]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!pkg) return;
    // The API's schema and its Spanish messages, under the fields (the dialog's form is noValidate).
    const parsed = cuvBody.safeParse({ cuv, cuv_date: date || undefined });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof typeof errors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      document.getElementById(next.cuv ? 'cuv' : 'cuv-date')?.focus();
      return;
    }
    setErrors({});
    save.mutate(
      { id: pkg.id, ...parsed.data },
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
        <Field id="cuv" label="CUV" required error={errors.cuv}>
          <Input
            id="cuv"
            value={cuv}
            onChange={(e) => setCuv(e.target.value)}
            autoComplete="off"
            {...describedBy('cuv', errors.cuv)}
          />
        </Field>
        <Field id="cuv-date" label="Fecha del CUV" required error={errors.cuv_date}>
          <DateInput
            id="cuv-date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            {...describedBy('cuv-date', errors.cuv_date)}
          />
        </Field>
      </div>
    </FormDialog>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { CONSULTA_CONCEPTOS, RIPS_TABLES, type AttendanceDto } from '@ips/shared/schemas/rips';
import { FormDialog } from '@/components/form-dialog';
import { Field, describedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError, api } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-toast';
import { Cie10Picker } from '@/components/rips/cie10-picker';
import { CodeSelect } from '@/components/rips/code-select';
import { ripsKeys, useAttendance } from '@/components/rips/rips-api';

type Form = Omit<
  AttendanceDto,
  'appointment_id' | 'saved' | 'patient_user_type' | 'contributivo' | 'updated_at'
>;
const names = ['dx_main', 'dx_rel1', 'dx_rel2', 'dx_rel3'] as const;

/**
 * 'Registro de atención' (decision 037): what RIPS needs of a Completada appointment, on one short form that
 * comes filled with what the product knows. Opened from Cola Diaria right after 'Atendida' and from the RIPS
 * screen's problems.
 */
export function AttendanceDialog({
  appointmentId,
  subtitle,
  onClose,
}: {
  appointmentId: number | null;
  subtitle?: string;
  onClose: () => void;
}) {
  const record = useAttendance(appointmentId);
  const [form, setForm] = useState<Form | null>(null);
  const [dxNames, setDxNames] = useState<Record<string, string | null>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const qc = useQueryClient();

  useEffect(() => {
    if (!record.data) return;
    const {
      appointment_id: _a,
      saved: _s,
      patient_user_type: _p,
      contributivo: _c,
      updated_at: _u,
      ...rest
    } = record.data;
    setForm(rest);
    setDxNames({ dx_main: record.data.dx_main_name });
    setErrors({});
  }, [record.data]);

  const save = useMutation({
    mutationFn: (body: Form) => api.put(`/rips/attendance/${appointmentId}`, body),
    onSuccess: () => {
      toast.success('Registro de atención guardado');
      void qc.invalidateQueries({ queryKey: ripsKeys.all });
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.errors)
        setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0] ?? ''])));
      toast.error('No se pudo guardar el registro de atención', { description: errorMessage(err) });
    },
  });

  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => (f ? { ...f, [k]: v } : f));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form) return;
    if (!form.dx_main) {
      setErrors({ dx_main: 'Elija el diagnóstico principal' });
      return;
    }
    save.mutate(form);
  };
  const contributivo = record.data?.contributivo ?? false;
  const conceptos = contributivo ? CONSULTA_CONCEPTOS : CONSULTA_CONCEPTOS.filter((c) => c !== '02');
  const sel = (id: keyof Form) => ({ id: `att-${id}`, ...describedBy(`att-${id}`, errors[id]) });

  return (
    <FormDialog
      open={appointmentId !== null}
      onOpenChange={(o) => !o && onClose()}
      title="Registro de atención"
      description={subtitle ?? 'Lo que los RIPS piden de esta consulta'}
      submitLabel="Guardar registro"
      pending={save.isPending}
      onSubmit={submit}
      size="lg"
      submitDisabled={!form}
    >
      {!form ? (
        <p className="text-sm text-muted-foreground">
          {record.isError ? errorMessage(record.error) : 'Cargando…'}
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="att-finalidad" label="Finalidad" error={errors.finalidad} required>
            <CodeSelect
              table={RIPS_TABLES.finalidad}
              {...sel('finalidad')}
              value={form.finalidad ?? ''}
              onChange={(e) => set('finalidad', e.target.value)}
            />
          </Field>
          <Field id="att-causa" label="Causa de la atención" error={errors.causa} required>
            <CodeSelect
              table={RIPS_TABLES.causa}
              {...sel('causa')}
              value={form.causa ?? ''}
              onChange={(e) => set('causa', e.target.value)}
            />
          </Field>
          {names.map((n, i) => (
            <Field
              key={n}
              id={`att-${n}`}
              label={i === 0 ? 'Diagnóstico principal (CIE-10)' : `Diagnóstico relacionado ${i}`}
              error={errors[n]}
              required={i === 0}
            >
              <Cie10Picker
                id={`att-${n}`}
                value={form[n]}
                label={dxNames[n] ?? null}
                invalid={Boolean(errors[n])}
                onChange={(code, name) => {
                  set(n, code);
                  setDxNames((d) => ({ ...d, [n]: name }));
                }}
              />
            </Field>
          ))}
          <Field id="att-dx_type" label="Tipo de diagnóstico principal" error={errors.dx_type} required>
            <CodeSelect
              table={RIPS_TABLES.tipoDiagnostico}
              {...sel('dx_type')}
              value={form.dx_type ?? ''}
              onChange={(e) => set('dx_type', e.target.value)}
            />
          </Field>
          <Field id="att-modality" label="Modalidad" error={errors.modality} required>
            <CodeSelect
              table={RIPS_TABLES.modalidad}
              {...sel('modality')}
              value={form.modality}
              onChange={(e) => set('modality', e.target.value)}
            />
          </Field>
          <Field id="att-service_group" label="Grupo de servicios" error={errors.service_group} required>
            <CodeSelect
              table={RIPS_TABLES.grupoServicios}
              empty="Sin asignar"
              {...sel('service_group')}
              value={form.service_group ?? ''}
              onChange={(e) => set('service_group', e.target.value || null)}
            />
          </Field>
          <Field id="att-service_code" label="Servicio" error={errors.service_code} required>
            <CodeSelect
              table={RIPS_TABLES.servicios}
              empty="Sin asignar"
              {...sel('service_code')}
              value={form.service_code ?? ''}
              onChange={(e) => set('service_code', e.target.value ? Number(e.target.value) : null)}
            />
          </Field>
          <Field id="att-cups_code" label="CUPS de la consulta" error={errors.cups_code} required>
            <Input
              {...sel('cups_code')}
              maxLength={6}
              value={form.cups_code ?? ''}
              onChange={(e) => set('cups_code', e.target.value.toUpperCase())}
            />
          </Field>
          <Field
            id="att-authorization_number"
            label="Número de autorización"
            error={errors.authorization_number}
            hint="Propuesto desde la autorización EPS que aplica"
          >
            <Input
              {...sel('authorization_number')}
              maxLength={30}
              value={form.authorization_number ?? ''}
              onChange={(e) => set('authorization_number', e.target.value || null)}
            />
          </Field>
          <Field
            id="att-concepto_recaudo"
            label="Concepto de recaudo"
            error={errors.concepto_recaudo}
            required
            hint={contributivo ? undefined : 'La cuota moderadora (02) solo aplica al régimen contributivo'}
          >
            <CodeSelect
              table={RIPS_TABLES.conceptoRecaudo}
              only={conceptos}
              {...sel('concepto_recaudo')}
              value={form.concepto_recaudo}
              onChange={(e) => {
                set('concepto_recaudo', e.target.value);
                if (e.target.value === '05') set('moderator_value', 0);
              }}
            />
          </Field>
          <Field
            id="att-moderator_value"
            label="Valor del pago moderador (COP)"
            error={errors.moderator_value}
          >
            <Input
              {...sel('moderator_value')}
              type="number"
              min={0}
              step={1}
              disabled={form.concepto_recaudo === '05'}
              value={form.moderator_value}
              onChange={(e) => set('moderator_value', Number(e.target.value || 0))}
            />
          </Field>
        </div>
      )}
    </FormDialog>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { COUNTRIES } from '@ips/shared/catalogs/countries';
import { RIPS_TABLES } from '@ips/shared/schemas/rips';
import { FormDialog } from '@/components/form-dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { CodeSelect, selectClass } from '@/components/rips/code-select';
import { errorMessage } from '@/lib/error-toast';
import { useFixRecord, useSaveFix } from '@/features/rips/api/rips';

type Values = Record<string, string>;

/**
 * The RIPS fields of a patient, a doctor or a specialty, opened from a problem's 'Corregir' (the link names the
 * record: /rips?fix=patient&id=12).
 */
export function FixDialog({
  kind,
  id,
  onClose,
}: {
  kind: 'patient' | 'doctor' | 'specialty';
  id: number;
  onClose: () => void;
}) {
  const record = useFixRecord<Record<string, string | number | null>>(kind, id);
  const save = useSaveFix(kind);
  const [v, setV] = useState<Values>({});
  useEffect(() => {
    if (record.data)
      setV(Object.fromEntries(Object.entries(record.data).map(([k, x]) => [k, x === null ? '' : String(x)])));
  }, [record.data]);
  const set = (k: string) => (e: { target: { value: string } }) =>
    setV((s) => ({ ...s, [k]: e.target.value }));
  const body = (): Record<string, unknown> => {
    const orNull = (k: string) => (v[k] ? v[k] : null);
    if (kind === 'patient')
      return {
        rips_user_type: orNull('rips_user_type'),
        rips_zone: orNull('rips_zone'),
        country_residence: Number(v.country_residence),
        country_origin: Number(v.country_origin),
      };
    if (kind === 'doctor')
      return { document_type: orNull('document_type'), document_number: orNull('document_number') };
    return {
      rips_service_group: orNull('rips_service_group'),
      rips_service_code: v.rips_service_code ? Number(v.rips_service_code) : null,
    };
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { id, body: body() },
      {
        onSuccess: () => {
          toast.success('Datos RIPS guardados', { description: 'Genere el paquete de nuevo para validarlo' });
          onClose();
        },
        onError: (err) =>
          toast.error('No se pudieron guardar los datos RIPS', { description: errorMessage(err) }),
      },
    );
  };
  const titles = {
    patient: 'Datos RIPS del paciente',
    doctor: 'Documento del doctor',
    specialty: 'Servicio RIPS de la especialidad',
  };
  const country = (k: string, label: string) => (
    <Field id={`fix-${k}`} label={label}>
      <select id={`fix-${k}`} className={selectClass} value={v[k] ?? '170'} onChange={set(k)}>
        {COUNTRIES.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name} ({String(c.code).padStart(3, '0')})
          </option>
        ))}
      </select>
    </Field>
  );
  return (
    <FormDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={titles[kind]}
      description={kind === 'specialty' ? String(record.data?.name ?? '') : undefined}
      submitLabel="Guardar"
      pending={save.isPending}
      onSubmit={submit}
      submitDisabled={!record.data}
    >
      {!record.data ? (
        <p className="text-sm text-muted-foreground">
          {record.isError ? errorMessage(record.error) : 'Cargando…'}
        </p>
      ) : (
        <div className="grid gap-4">
          {kind === 'patient' && (
            <>
              <Field id="fix-rips_zone" label="Zona territorial de residencia">
                <CodeSelect
                  id="fix-rips_zone"
                  table={RIPS_TABLES.zona}
                  empty="Sin registrar"
                  value={v.rips_zone ?? ''}
                  onChange={set('rips_zone')}
                />
              </Field>
              <Field
                id="fix-rips_user_type"
                label="Tipo de usuario RIPS"
                hint={v.derived_user_type ? `Según la afiliación: ${v.derived_user_type}` : undefined}
              >
                <CodeSelect
                  id="fix-rips_user_type"
                  table={RIPS_TABLES.tipoUsuario}
                  empty="Según la afiliación"
                  value={v.rips_user_type ?? ''}
                  onChange={set('rips_user_type')}
                />
              </Field>
              {country('country_residence', 'País de residencia')}
              {country('country_origin', 'País de origen')}
            </>
          )}
          {kind === 'doctor' && (
            <>
              <Field id="fix-document_type" label="Tipo de documento">
                <CodeSelect
                  id="fix-document_type"
                  table={RIPS_TABLES.tipoId}
                  empty="Sin registrar"
                  value={v.document_type ?? ''}
                  onChange={set('document_type')}
                />
              </Field>
              <Field id="fix-document_number" label="Número de documento">
                <Input
                  id="fix-document_number"
                  maxLength={20}
                  value={v.document_number ?? ''}
                  onChange={set('document_number')}
                />
              </Field>
            </>
          )}
          {kind === 'specialty' && (
            <>
              <Field id="fix-rips_service_group" label="Grupo de servicios">
                <CodeSelect
                  id="fix-rips_service_group"
                  table={RIPS_TABLES.grupoServicios}
                  empty="Sin asignar"
                  value={v.rips_service_group ?? ''}
                  onChange={set('rips_service_group')}
                />
              </Field>
              <Field id="fix-rips_service_code" label="Servicio">
                <CodeSelect
                  id="fix-rips_service_code"
                  table={RIPS_TABLES.servicios}
                  empty="Sin asignar"
                  value={v.rips_service_code ?? ''}
                  onChange={set('rips_service_code')}
                />
              </Field>
            </>
          )}
        </div>
      )}
    </FormDialog>
  );
}

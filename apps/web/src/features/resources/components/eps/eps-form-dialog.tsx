import { Controller, useForm, useWatch } from 'react-hook-form';
import { createEpsBody, EPS_AFFILIATION_TYPES, type CreateEpsBody } from '@ips/shared/schemas/resources-eps';
import { describedBy, Field } from '@/components/ui/field';
import { DateInput } from '@/components/ui/date-input';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { useSaveEps, type Eps } from '@/features/resources/api/eps';
import { FormDialog } from '@/components/form-dialog';
import { applyServerErrors, formResolver, text } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';

interface Values {
  name: string;
  code: string;
  affiliation_type: string;
  status: 'active' | 'inactive';
  has_agreement: boolean;
  agreement_date: string;
  notes: string;
}

const NONE = 'none';
const FIELDS = [
  'name',
  'code',
  'affiliation_type',
  'status',
  'has_agreement',
  'agreement_date',
  'notes',
] as const;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  eps?: Eps;
}

export function EpsFormDialog({ open, onOpenChange, eps }: Props) {
  const save = useSaveEps();
  const savedDate = eps?.agreement_date ?? null;
  const form = useForm<Values, unknown, CreateEpsBody>({
    resolver: formResolver<Values, CreateEpsBody>(createEpsBody),
    defaultValues: {
      name: text(eps?.name),
      code: text(eps?.code),
      affiliation_type: text(eps?.affiliation_type),
      status: eps?.status ?? 'active',
      has_agreement: eps?.has_agreement ?? false,
      agreement_date: text(savedDate),
      notes: text(eps?.notes),
    },
  });
  const { errors } = form.formState;
  const hasAgreement = useWatch({ control: form.control, name: 'has_agreement' });
  const err = (f: (typeof FIELDS)[number]) => errors[f]?.message;

  /**
   * Spec part 2 §4: turning the agreement off clears its date unless one was already saved (that date is kept
   * as the record of the agreement); the date is editable only while there is an agreement.
   */
  function setAgreement(on: boolean) {
    form.setValue('has_agreement', on, { shouldDirty: true });
    if (!on) {
      form.setValue('agreement_date', text(savedDate));
      form.clearErrors('agreement_date');
    }
  }

  const submit = form.handleSubmit((body) =>
    save.mutate(
      {
        id: eps?.id,
        body: { ...body, agreement_date: body.has_agreement ? body.agreement_date : undefined },
      },
      {
        onSuccess: (res) => {
          notifySuccess(res.message ?? (eps ? 'EPS actualizada' : 'EPS creada'));
          onOpenChange(false);
        },
        onError: (e) => {
          if (!applyServerErrors(e, form.setError, FIELDS))
            notifyError(e, eps ? 'No se pudo actualizar' : 'No se pudo crear');
        },
      },
    ),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={eps ? 'Editar EPS' : 'Nueva EPS'}
      description="Entidad promotora de salud con la que trabaja la IPS."
      submitLabel={eps ? 'Guardar cambios' : 'Crear EPS'}
      pending={save.isPending}
      onSubmit={submit}
      size="lg"
    >
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <Field id="eps-name" label="Nombre" required error={err('name')}>
          <Input
            id="eps-name"
            autoComplete="off"
            {...describedBy('eps-name', err('name'))}
            {...form.register('name')}
          />
        </Field>
        <Field id="eps-code" label="Código" required hint="Se guarda en mayúsculas." error={err('code')}>
          <Input
            id="eps-code"
            autoComplete="off"
            placeholder="Ej.: EPS037"
            className="uppercase placeholder:normal-case"
            {...describedBy('eps-code', err('code'), true)}
            {...form.register('code')}
          />
        </Field>
        <Field id="eps-affiliation" label="Régimen" error={err('affiliation_type')}>
          <Controller
            control={form.control}
            name="affiliation_type"
            render={({ field }) => (
              <Select value={field.value || NONE} onValueChange={(v) => field.onChange(v === NONE ? '' : v)}>
                <SelectTrigger id="eps-affiliation">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NONE}>Sin especificar</SelectItem>
                  {EPS_AFFILIATION_TYPES.map((t) => (
                    <SelectItem key={t} value={t}>
                      {t}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        <Field id="eps-status" label="Estado" error={err('status')}>
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id="eps-status">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="active">Activa</SelectItem>
                  <SelectItem value="inactive">Inactiva</SelectItem>
                </SelectContent>
              </Select>
            )}
          />
        </Field>
      </div>
      <div className="grid gap-4 rounded-lg border p-4 sm:grid-cols-2 sm:items-end">
        <label className="flex items-center justify-between gap-4 sm:justify-start">
          <span>
            <span className="block text-sm font-medium">Tiene convenio</span>
            <span className="block text-xs text-muted-foreground">Contrato vigente con la IPS.</span>
          </span>
          <Switch checked={hasAgreement} onCheckedChange={setAgreement} aria-label="Tiene convenio" />
        </label>
        <Field
          id="eps-agreement-date"
          label="Fecha del convenio"
          hint={hasAgreement ? undefined : 'Se puede editar solo mientras exista un convenio.'}
          error={err('agreement_date')}
        >
          <DateInput
            id="eps-agreement-date"
            disabled={!hasAgreement}
            {...describedBy('eps-agreement-date', err('agreement_date'), !hasAgreement)}
            {...form.register('agreement_date')}
          />
        </Field>
      </div>
      <Field id="eps-notes" label="Notas" error={err('notes')}>
        <Textarea
          id="eps-notes"
          rows={3}
          {...describedBy('eps-notes', err('notes'))}
          {...form.register('notes')}
        />
      </Field>
    </FormDialog>
  );
}

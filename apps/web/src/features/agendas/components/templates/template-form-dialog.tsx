import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import {
  ADDED_SLOT,
  createTemplateBody,
  NEW_TEMPLATE_DAYS,
  NEW_TEMPLATE_SLOT,
  TEMPLATE_LIMITS,
  WEEKDAY_LABELS,
  type CreateTemplateBody,
} from '@ips/shared/schemas/agenda-templates';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { describedBy, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { TimeInput } from '@/components/ui/time-input';
import { applyServerErrors, formResolver, text } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSaveTemplate, type AgendaTemplate } from '@/features/agendas/api/templates';
import { AgendaPlaceFields } from '@/features/agendas/components/dialogs/agenda-place-fields';

interface SlotValues {
  start: string;
  end: string;
  capacity: string;
}

interface Values {
  name: string;
  description: string;
  location_id: string;
  specialty_id: string;
  doctor_id: string;
  /** Only for the doctor picker (it reads the doctors' agendas of a date); templates have none. */
  date: string;
  days_of_week: number[];
  time_slots: SlotValues[];
  duration_minutes: string;
  break_between_slots: string;
  active: boolean;
}

const FIELDS = [
  'name',
  'description',
  'location_id',
  'specialty_id',
  'doctor_id',
  'days_of_week',
  'duration_minutes',
  'break_between_slots',
] as const;

const slotValues = (s: { start: string; end: string; capacity: number }): SlotValues => ({
  start: s.start,
  end: s.end,
  capacity: String(s.capacity),
});

function defaults(t?: AgendaTemplate): Values {
  return {
    name: text(t?.name),
    description: text(t?.description),
    location_id: text(t?.location_id),
    specialty_id: text(t?.specialty_id),
    doctor_id: text(t?.doctor_id),
    date: '',
    // Spec part 2 §9: a new template is Monday to Friday with one slot 08:00–12:00.
    days_of_week: t ? [...t.days_of_week] : [...NEW_TEMPLATE_DAYS],
    time_slots: (t?.time_slots ?? [NEW_TEMPLATE_SLOT]).map(slotValues),
    duration_minutes: String(t?.duration_minutes ?? TEMPLATE_LIMITS.duration.default),
    break_between_slots: String(t?.break_between_slots ?? TEMPLATE_LIMITS.break.default),
    active: t?.active ?? true,
  };
}

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  template?: AgendaTemplate;
}

/** Create or edit a template (spec part 2 §5 "Agenda template"), with the slot editor. */
export function TemplateFormDialog({ open, onOpenChange, template }: Props) {
  const save = useSaveTemplate();
  const form = useForm<Values, unknown, CreateTemplateBody>({
    resolver: formResolver<Values, CreateTemplateBody>(createTemplateBody),
    defaultValues: defaults(template),
  });
  const slots = useFieldArray({ control: form.control, name: 'time_slots' });
  const { errors } = form.formState;

  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: template?.id, body },
      {
        onSuccess: () => {
          notifySuccess(template ? 'Plantilla actualizada' : 'Plantilla creada');
          onOpenChange(false);
        },
        onError: (e) => {
          if (!applyServerErrors(e, form.setError, FIELDS)) notifyError(e, 'Error guardando');
        },
      },
    ),
  );

  const reg = (name: (typeof FIELDS)[number], id: string) => ({
    id,
    ...describedBy(id, errors[name]?.message),
    ...form.register(name),
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={template ? 'Editar plantilla' : 'Nueva plantilla'}
      description="Días de la semana y horarios que se repiten; genere con ella las agendas de un rango de fechas."
      submitLabel={template ? 'Guardar cambios' : 'Crear plantilla'}
      pending={save.isPending}
      onSubmit={submit}
      size="xl"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="tpl-name" label="Nombre" required error={errors.name?.message}>
          <Input autoComplete="off" maxLength={100} {...reg('name', 'tpl-name')} />
        </Field>
        <Field id="tpl-description" label="Descripción" error={errors.description?.message}>
          <Textarea rows={1} maxLength={500} {...reg('description', 'tpl-description')} />
        </Field>
      </div>
      <AgendaPlaceFields control={form.control} setValue={form.setValue} errors={errors} idPrefix="tpl" />
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Días de la semana</legend>
        <Controller
          control={form.control}
          name="days_of_week"
          render={({ field }) => (
            <div className="flex flex-wrap gap-4">
              {Object.entries(WEEKDAY_LABELS).map(([n, label]) => {
                const day = Number(n);
                const id = `tpl-day-${day}`;
                return (
                  <div key={day} className="flex items-center gap-2">
                    <Checkbox
                      id={id}
                      checked={field.value.includes(day)}
                      onCheckedChange={(on) =>
                        field.onChange(
                          on
                            ? [...field.value, day].sort((a, b) => a - b)
                            : field.value.filter((d) => d !== day),
                        )
                      }
                    />
                    <Label htmlFor={id}>{label}</Label>
                  </div>
                );
              })}
            </div>
          )}
        />
        {errors.days_of_week && (
          <p role="alert" className="mt-1 text-sm text-destructive">
            {errors.days_of_week.message ?? errors.days_of_week.root?.message}
          </p>
        )}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">Horarios</legend>
        {slots.fields.map((slot, i) => {
          const e = errors.time_slots?.[i];
          return (
            <div
              key={slot.id}
              className="grid grid-cols-[1fr_1fr_8rem_auto] items-start gap-2"
              data-testid="slot-row"
            >
              <Field id={`tpl-slot-${i}-start`} label={`Inicio ${i + 1}`} error={e?.start?.message}>
                <TimeInput
                  id={`tpl-slot-${i}-start`}
                  {...describedBy(`tpl-slot-${i}-start`, e?.start?.message)}
                  {...form.register(`time_slots.${i}.start`)}
                />
              </Field>
              <Field id={`tpl-slot-${i}-end`} label={`Fin ${i + 1}`} error={e?.end?.message}>
                <TimeInput
                  id={`tpl-slot-${i}-end`}
                  {...describedBy(`tpl-slot-${i}-end`, e?.end?.message)}
                  {...form.register(`time_slots.${i}.end`)}
                />
              </Field>
              <Field id={`tpl-slot-${i}-capacity`} label="Capacidad" error={e?.capacity?.message}>
                <Input
                  id={`tpl-slot-${i}-capacity`}
                  type="number"
                  inputMode="numeric"
                  min={TEMPLATE_LIMITS.capacity.min}
                  max={TEMPLATE_LIMITS.capacity.max}
                  {...describedBy(`tpl-slot-${i}-capacity`, e?.capacity?.message)}
                  {...form.register(`time_slots.${i}.capacity`)}
                />
              </Field>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="mt-6"
                aria-label={`Quitar horario ${i + 1}`}
                // Spec part 2 §5: the last time slot cannot be removed.
                disabled={slots.fields.length <= 1}
                onClick={() => slots.remove(i)}
              >
                <Trash2Icon aria-hidden />
              </Button>
            </div>
          );
        })}
        {(errors.time_slots?.message ?? errors.time_slots?.root?.message) && (
          <p role="alert" className="text-sm text-destructive">
            {errors.time_slots?.message ?? errors.time_slots?.root?.message}
          </p>
        )}
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={slots.fields.length >= TEMPLATE_LIMITS.slots}
          onClick={() => slots.append(slotValues(ADDED_SLOT))}
        >
          <PlusIcon aria-hidden />
          Agregar horario
        </Button>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          id="tpl-duration"
          label="Minutos por cita"
          error={errors.duration_minutes?.message}
          hint="Entre 15 y 240, en pasos de 5"
        >
          <Input
            type="number"
            min={TEMPLATE_LIMITS.duration.min}
            max={TEMPLATE_LIMITS.duration.max}
            step={TEMPLATE_LIMITS.duration.step}
            {...reg('duration_minutes', 'tpl-duration')}
          />
        </Field>
        <Field
          id="tpl-break"
          label="Pausa entre horarios (min)"
          error={errors.break_between_slots?.message}
          hint="Entre 0 y 60"
        >
          <Input
            type="number"
            min={TEMPLATE_LIMITS.break.min}
            max={TEMPLATE_LIMITS.break.max}
            {...reg('break_between_slots', 'tpl-break')}
          />
        </Field>
        <div className="flex items-center gap-2 pt-7">
          <Controller
            control={form.control}
            name="active"
            render={({ field }) => (
              <Switch id="tpl-active" checked={field.value} onCheckedChange={field.onChange} />
            )}
          />
          <Label htmlFor="tpl-active">Activa</Label>
        </div>
      </div>
    </FormDialog>
  );
}

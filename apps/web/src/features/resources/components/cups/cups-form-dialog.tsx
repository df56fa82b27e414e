import { Controller, useForm } from 'react-hook-form';
import { createCupsBody, type CreateCupsBody } from '@ips/shared/schemas/resources-cups';
import { Checkbox } from '@/components/ui/checkbox';
import { describedBy, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useSaveCups, type Cups } from '@/features/resources/api/cups';
import { FormDialog } from '@/components/form-dialog';
import { applyServerErrors, formResolver, text } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';

interface Values {
  code: string;
  name: string;
  description: string;
  category: string;
  price: string;
  requires_authorization: boolean;
  status: 'Activo' | 'Inactivo';
}

const FIELDS = ['code', 'name', 'description', 'category', 'price', 'status'] as const;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  cups?: Cups;
  categories: readonly string[];
}

export function CupsFormDialog({ open, onOpenChange, cups, categories }: Props) {
  const save = useSaveCups();
  const form = useForm<Values, unknown, CreateCupsBody>({
    resolver: formResolver<Values, CreateCupsBody>(createCupsBody),
    defaultValues: {
      code: text(cups?.code),
      name: text(cups?.name),
      description: text(cups?.description),
      category: text(cups?.category),
      price: text(cups?.price ?? 0),
      requires_authorization: cups?.requires_authorization === 1,
      status: cups?.status ?? 'Activo',
    },
  });
  const { errors } = form.formState;
  const err = (f: (typeof FIELDS)[number]) => errors[f]?.message;

  const submit = form.handleSubmit((body) =>
    save.mutate(
      // The code is fixed once created (spec part 2 §5): an edit sends it back unchanged.
      { id: cups?.id, body: cups ? { ...body, code: cups.code } : body },
      {
        onSuccess: (res) => {
          notifySuccess(res.message ?? (cups ? 'Código CUPS actualizado' : 'Código CUPS creado'));
          onOpenChange(false);
        },
        onError: (e) => {
          if (!applyServerErrors(e, form.setError, FIELDS))
            notifyError(e, cups ? 'No se pudo actualizar' : 'No se pudo crear');
        },
      },
    ),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={cups ? `Editar CUPS ${cups.code}` : 'Nuevo código CUPS'}
      description="Clasificación Única de Procedimientos en Salud."
      submitLabel={cups ? 'Guardar cambios' : 'Crear código'}
      pending={save.isPending}
      onSubmit={submit}
      size="lg"
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_2fr]">
        <Field
          id="cups-code"
          label="Código CUPS"
          required={!cups}
          hint={cups ? 'El código no se puede modificar.' : '6 caracteres, p. ej. 890201.'}
          error={err('code')}
        >
          <Input
            id="cups-code"
            autoComplete="off"
            maxLength={6}
            readOnly={Boolean(cups)}
            aria-readonly={Boolean(cups)}
            className="font-mono uppercase read-only:bg-muted read-only:text-muted-foreground"
            {...describedBy('cups-code', err('code'), true)}
            {...form.register('code')}
          />
        </Field>
        <Field id="cups-category" label="Categoría" error={err('category')}>
          <Input
            id="cups-category"
            list="cups-category-options"
            autoComplete="off"
            placeholder="Ej.: Consulta"
            {...describedBy('cups-category', err('category'))}
            {...form.register('category')}
          />
          <datalist id="cups-category-options">
            {categories.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </Field>
      </div>
      <Field id="cups-name" label="Nombre del procedimiento" required error={err('name')}>
        <Input
          id="cups-name"
          autoComplete="off"
          {...describedBy('cups-name', err('name'))}
          {...form.register('name')}
        />
      </Field>
      <Field id="cups-description" label="Descripción" error={err('description')}>
        <Textarea
          id="cups-description"
          rows={2}
          {...describedBy('cups-description', err('description'))}
          {...form.register('description')}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="cups-price" label="Precio (COP)" hint="En pasos de $ 1.000." error={err('price')}>
          <Input
            id="cups-price"
            type="number"
            inputMode="numeric"
            min={0}
            step={1000}
            {...describedBy('cups-price', err('price'), true)}
            {...form.register('price')}
          />
        </Field>
        <Field id="cups-status" label="Estado" error={err('status')}>
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id="cups-status">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="Activo">Activo</SelectItem>
                  <SelectItem value="Inactivo">Inactivo</SelectItem>
                </SelectContent>
              </Select>
            )}
          />
        </Field>
      </div>
      <Controller
        control={form.control}
        name="requires_authorization"
        render={({ field }) => (
          <label htmlFor="cups-authorization" className="flex items-start gap-3 rounded-lg border px-4 py-3">
            <Checkbox
              id="cups-authorization"
              checked={field.value}
              onCheckedChange={(c) => field.onChange(c === true)}
              className="mt-0.5"
            />
            <span>
              <span className="block text-sm font-medium">Requiere autorización de la EPS</span>
              <span className="block text-xs text-muted-foreground">
                El procedimiento solo se agenda con una autorización vigente.
              </span>
            </span>
          </label>
        )}
      />
    </FormDialog>
  );
}

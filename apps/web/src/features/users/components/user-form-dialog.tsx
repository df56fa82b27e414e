import { Controller, useForm } from 'react-hook-form';
import { ROLE_LABELS, ROLES, type Role } from '@ips/shared/catalogs/roles';
import { createUserBody, updateUserBody, type CreateUserBody, type UserDto } from '@ips/shared/schemas/users';
import { FormDialog } from '@/components/form-dialog';
import { describedBy, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useSaveUser } from '@/features/users/api/save-user';
import { toastUserError } from '@/features/users/components/user-toasts';
import { applyServerErrors, formResolver, text } from '@/lib/form';
import { notifySuccess } from '@/lib/notify';

interface Values {
  name: string;
  email: string;
  phone: string;
  department: string;
  role: Role;
  status: 'Activo' | 'Inactivo';
  password: string;
}

const FIELDS = ['name', 'email', 'phone', 'department', 'role', 'status', 'password'] as const;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Absent: a new user. */
  user?: UserDto;
  /** A new user whose password the server generated: the caller shows it once. */
  onGenerated: (name: string, password: string) => void;
}

/** 'Agregar Usuario' and 'Editar usuario': the shared schema checks both, with the spec's Spanish messages. */
export function UserFormDialog({ open, onOpenChange, user, onGenerated }: Props) {
  const save = useSaveUser();
  const editing = user !== undefined;
  const form = useForm<Values, unknown, CreateUserBody>({
    resolver: formResolver<Values, CreateUserBody>(editing ? updateUserBody : createUserBody),
    defaultValues: {
      name: text(user?.name),
      email: text(user?.email),
      phone: text(user?.phone),
      department: text(user?.department),
      role: user?.role ?? 'agent',
      status: user?.status ?? 'Activo',
      password: '',
    },
  });
  const { errors } = form.formState;
  const err = (f: (typeof FIELDS)[number]) => errors[f]?.message;

  const submit = form.handleSubmit(
    (body) =>
      save.mutate(
        {
          id: user?.id,
          // An emptied phone or department goes as '' so the server clears it (a missing key would keep it);
          // a blank password is left out and the password stays as it is.
          body: editing ? { ...body, phone: body.phone ?? '', department: body.department ?? '' } : body,
        },
        {
          onSuccess: (res) => {
            notifySuccess(editing ? 'Usuario actualizado' : 'Usuario agregado');
            onOpenChange(false);
            if (res.data.generated_password) onGenerated(res.data.name, res.data.generated_password);
          },
          onError: (e) => {
            if (!applyServerErrors(e, form.setError, FIELDS))
              toastUserError(editing ? 'No se pudo actualizar el usuario' : 'No se pudo crear el usuario', e);
          },
        },
      ),
    () => {
      const first = FIELDS.find((f) => form.getFieldState(f).error);
      if (first) form.setFocus(first);
    },
  );

  const id = (f: string) => `user-${f}`;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Editar usuario' : 'Agregar Usuario'}
      description={
        editing
          ? 'Cambie los datos, el rol o el estado del usuario.'
          : 'Por favor complete todos los campos obligatorios. El usuario se crea Activo.'
      }
      submitLabel={editing ? 'Guardar cambios' : 'Agregar Usuario'}
      pending={save.isPending}
      onSubmit={submit}
      size="lg"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id('name')} label="Nombre completo" required error={err('name')}>
          <Input
            id={id('name')}
            autoComplete="off"
            {...describedBy(id('name'), err('name'))}
            {...form.register('name')}
          />
        </Field>
        <Field id={id('email')} label="Email" required error={err('email')}>
          <Input
            id={id('email')}
            type="email"
            autoComplete="off"
            {...describedBy(id('email'), err('email'))}
            {...form.register('email')}
          />
        </Field>
        <Field id={id('phone')} label="Teléfono" error={err('phone')}>
          <Input
            id={id('phone')}
            type="tel"
            autoComplete="off"
            {...describedBy(id('phone'), err('phone'))}
            {...form.register('phone')}
          />
        </Field>
        <Field id={id('department')} label="Departamento" error={err('department')}>
          <Input
            id={id('department')}
            autoComplete="off"
            placeholder="Ej.: Call center"
            {...describedBy(id('department'), err('department'))}
            {...form.register('department')}
          />
        </Field>
        <Field id={id('role')} label="Rol" error={err('role')}>
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id={id('role')} {...describedBy(id('role'), err('role'))}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {ROLES.map((r) => (
                    <SelectItem key={r} value={r}>
                      {ROLE_LABELS[r]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        {editing && (
          <Field id={id('status')} label="Estado" error={err('status')}>
            <Controller
              control={form.control}
              name="status"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id={id('status')} {...describedBy(id('status'), err('status'))}>
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
        )}
        <Field
          id={id('password')}
          label={editing ? 'Nueva contraseña' : 'Contraseña'}
          className="sm:col-span-2"
          hint={
            editing
              ? 'Déjela en blanco para no cambiarla. Si la cambia, el usuario deberá cambiarla al ingresar.'
              : 'Déjela en blanco para generar una segura, que se mostrará una sola vez. El usuario deberá cambiarla al ingresar.'
          }
          error={err('password')}
        >
          <Input
            id={id('password')}
            type="password"
            autoComplete="new-password"
            {...describedBy(id('password'), err('password'), true)}
            {...form.register('password')}
          />
        </Field>
      </div>
    </FormDialog>
  );
}

import { z } from 'zod';
import { ROLES } from '../catalogs/roles';
import { newPassword } from './password';
import { optionalText } from './common';
import { phoneField } from './patients';

const USER_STATUSES = ['Activo', 'Inactivo'] as const;

const name = z
  .string({ error: 'Por favor complete todos los campos obligatorios' })
  .trim()
  .min(2, 'El nombre debe tener al menos 2 caracteres')
  .max(100, 'El nombre no puede exceder 100 caracteres');
const email = z
  .string({ error: 'Por favor complete todos los campos obligatorios' })
  .trim()
  .toLowerCase()
  .max(100, 'El email no puede exceder 100 caracteres')
  .email('Email inválido');
// The patients' phone rule (7 to 15 digits, symbols not counted); an emptied field leaves the phone as it was.
const phone = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  phoneField.optional(),
);
const role = z.enum(ROLES, { error: 'Rol inválido' });
const status = z.enum(USER_STATUSES, { error: 'Debe seleccionar un estado válido' });
const password = z.preprocess(
  (v) => (typeof v === 'string' && v === '' ? undefined : v),
  newPassword.optional(),
);

export const createUserBody = z.object({
  name,
  email,
  phone,
  department: optionalText(100, 'El departamento no puede exceder 100 caracteres'),
  role: role.default('agent'),
  status: status.default('Activo'),
  password,
});
export type CreateUserBody = z.infer<typeof createUserBody>;

export const updateUserBody = z
  .object({
    name: name.optional(),
    email: email.optional(),
    phone,
    department: optionalText(100, 'El departamento no puede exceder 100 caracteres'),
    role: role.optional(),
    status: status.optional(),
    password,
  })
  .refine((v) => Object.keys(v).length > 0, 'No hay cambios para guardar');
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const listUsersQuery = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const userDto = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  department: z.string().nullable(),
  role: role,
  status: status,
  /** The password was generated or set by an administrator and has not been changed by its owner yet. */
  must_change_password: z.boolean(),
  created_at: z.string(),
});
export type UserDto = z.infer<typeof userDto>;

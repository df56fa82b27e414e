import { z } from 'zod';
import { emailAddress } from './email';
import { ROLE_LABELS, ROLES, type Role } from '../catalogs/roles';
import { newPassword } from './password';
import { limitQuery, optionalText, pageQuery } from './common';
import { phoneField } from './patients';

const USER_STATUSES = ['Activo', 'Inactivo'] as const;

const REQUIRED = 'Por favor complete todos los campos obligatorios';
// An emptied field says the form's own message (spec part 2 §5 "Add user"), not a length rule.
const name = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, { error: REQUIRED, abort: true })
  .min(2, 'El nombre debe tener al menos 2 caracteres')
  .max(100, 'El nombre no puede exceder 100 caracteres');
const email = emailAddress({
  required: REQUIRED,
  invalid: 'Email inválido',
  max: 100,
  tooLong: 'El email no puede exceder 100 caracteres',
});
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
  q: z.string().trim().max(100, 'La búsqueda no puede exceder 100 caracteres').optional(),
  page: pageQuery,
  limit: limitQuery(50, 200),
});

/** Lower case without accents: 'Recepción' and 'RECEPCION' compare equal. */
export const foldText = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The roles a search names, by their Spanish label or their code, in part: 'recep' → reception, 'Administrador'
 * → admin, 'agente' → agent. Case and accents do not matter.
 */
export function rolesMatching(q: string): Role[] {
  const needle = foldText(q.trim());
  if (!needle) return [];
  return ROLES.filter((r) => foldText(ROLE_LABELS[r]).includes(needle) || r.includes(needle));
}

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

/** A row of the users screen: the user and how many sessions they have open right now. */
export const userListItemDto = userDto.extend({ active_sessions: z.number() });
export type UserListItemDto = z.infer<typeof userListItemDto>;

/** The answer of a password reset: the new password, shown once and never stored in clear. */
export const resetPasswordDto = z.object({ generated_password: z.string(), sessions_ended: z.number() });
export type ResetPasswordDto = z.infer<typeof resetPasswordDto>;

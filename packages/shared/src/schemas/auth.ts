import { z } from 'zod';
import { ROLES } from '../catalogs/roles';
import { isCommonPassword, normalizePassword } from '../common-passwords';

export const loginBody = z.object({
  email: z
    .string({ error: 'Ingrese su correo electrónico' })
    .trim()
    .min(1, 'Ingrese su correo electrónico')
    .max(254, 'Correo electrónico inválido')
    .email('Correo electrónico inválido'),
  password: z
    .string({ error: 'Ingrese su contraseña' })
    .min(1, 'Ingrese su contraseña')
    .max(200, 'La contraseña no puede exceder 200 caracteres'),
});
export type LoginBody = z.infer<typeof loginBody>;

export const authUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** Someone else chose the password: only change-password, me and logout answer until it is changed. */
  must_change_password: z.boolean(),
});
export type AuthUserDto = z.infer<typeof authUser>;

export const loginData = z.object({ token: z.string(), user: authUser, expires_at: z.string() });
export type LoginData = z.infer<typeof loginData>;

export const meData = z.object({
  user: authUser,
  session: z.object({ id: z.string(), expires_at: z.string() }),
});

/**
 * Password rule for every password set through the API, the CLI or ADMIN_PASSWORD (ASVS 2.1.1 and 2.1.7: at
 * least 12 characters, not a common password; decision 021). Spaces at the ends are not counted.
 */
export const newPassword = z
  .string({ error: 'Ingrese la contraseña' })
  .max(128, 'La contraseña no puede exceder 128 caracteres')
  .refine((v) => v.trim().length >= 12, 'La contraseña debe tener al menos 12 caracteres')
  .refine(
    (v) => v.trim().length < 12 || !isCommonPassword(v),
    'Esa contraseña es demasiado común; elija otra',
  );

export const changePasswordBody = z
  .object({
    current_password: z
      .string({ error: 'Ingrese su contraseña actual' })
      .min(1, 'Ingrese su contraseña actual')
      .max(200, 'La contraseña no puede exceder 200 caracteres'),
    new_password: newPassword,
  })
  .refine((v) => normalizePassword(v.new_password) !== normalizePassword(v.current_password), {
    message: 'La nueva contraseña debe ser distinta de la actual',
    path: ['new_password'],
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

import { z } from 'zod';
import { emailAddress } from './email';
import { ROLES } from '../catalogs/roles';

export const loginBody = z.object({
  email: emailAddress({
    required: 'Ingrese su correo electrónico',
    invalid: 'Correo electrónico inválido',
    max: 254,
    tooLong: 'Correo electrónico inválido',
  }),
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

import { z } from 'zod';
import { isCommonPassword, normalizePassword } from '../common-passwords';

// Apart from schemas/auth.ts: the common-password list stays out of the login page's first load (bundle budget).
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

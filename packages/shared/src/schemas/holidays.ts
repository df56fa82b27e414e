import { z } from 'zod';
import { noNul, NO_NUL_MESSAGE } from './resources-common';
import { filterOf, optionalDay, requiredDay } from './availabilities';

/** Public holidays an administrator keeps (skipped by the quota distribution and the agenda templates). */

export const holidayDto = z.object({ date: z.string(), name: z.string() });
export type HolidayDto = z.infer<typeof holidayDto>;

const name = z
  .string({ error: 'Debe indicar el nombre del festivo' })
  .trim()
  .min(1, 'Debe indicar el nombre del festivo')
  .max(100, 'El nombre no puede exceder 100 caracteres')
  .refine(noNul, NO_NUL_MESSAGE);

export const createHolidayBody = z.object({ date: requiredDay('Debe seleccionar una fecha'), name });
export const updateHolidayBody = z.object({ name });
export const holidayParams = z.object({ date: requiredDay('Debe seleccionar una fecha') });

export const listHolidaysQuery = z.object({
  year: filterOf(
    z.coerce
      .number({ error: 'Año inválido' })
      .int('Año inválido')
      .min(2000, 'Año inválido')
      .max(2100, 'Año inválido'),
  ),
  start_date: filterOf(optionalDay),
  end_date: filterOf(optionalDay),
});

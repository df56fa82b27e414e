import { z } from 'zod';
import { clearableEmail } from './email';
import {
  NO_CHANGES,
  clearableRefId,
  flag,
  hasChanges,
  idList,
  idName,
  queryFlag,
  refId,
  requiredText,
  searchText,
} from './resources-common';
import { optionalPhoneField } from './patients';

const AT_LEAST_ONE_SPECIALTY = 'Selecciona al menos una especialidad';

/**
 * A doctor's name follows the patients' rule (letters, 3 to 150 characters: "123" is no name), except that the
 * titles and names clinics write for their doctors are kept: "Dra. Ana María Pérez", "Juan O'Neill", "Ruiz-Gómez"
 * (a period, an apostrophe or a hyphen inside, never a digit, and it starts with a letter). The phone is the
 * patients' (7 to 15 digits of digits, spaces, + ( ) -), so "١٢٣" is no phone. Only the missing-name message is
 * the doctors' own.
 */
const NAME_REQUIRED = 'Ingresa el nombre del doctor';
const DOCTOR_NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;
const name = z
  .string({ error: NAME_REQUIRED })
  .trim()
  .min(1, NAME_REQUIRED)
  .pipe(
    z
      .string()
      .min(3, 'El nombre debe tener al menos 3 caracteres')
      .max(150, 'El nombre no puede exceder 150 caracteres')
      .regex(DOCTOR_NAME, 'El nombre solo puede contener letras, espacios, puntos, guiones y apóstrofos'),
  );
const licenseNumber = requiredText(
  'Ingresa el número de registro médico',
  50,
  'El registro médico no puede exceder 50 caracteres',
);
const email = clearableEmail({
  invalid: 'Email inválido',
  max: 100,
  tooLong: 'El email no puede exceder 100 caracteres',
});
const phone = optionalPhoneField;
const specialtyIds = z
  .array(refId('Especialidad inválida'), { error: AT_LEAST_ONE_SPECIALTY })
  .min(1, AT_LEAST_ONE_SPECIALTY)
  .max(100, 'Demasiadas especialidades')
  .transform((ids) => [...new Set(ids)]);
const locationIds = idList('Sede inválida');
const userId = clearableRefId('Usuario inválido');

/**
 * The screens send `specialty_ids`/`location_ids`; some clients send `specialties`/`locations` as ids or
 * as `{ id, name }` objects (the shape the API answers). Both are accepted.
 */
function normaliseLinks(v: unknown): unknown {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const o: Record<string, unknown> = { ...(v as Record<string, unknown>) };
  for (const [alias, key] of [
    ['specialties', 'specialty_ids'],
    ['locations', 'location_ids'],
  ] as const) {
    const given = o[alias];
    if (o[key] === undefined && Array.isArray(given)) {
      o[key] = given.map((x: unknown) =>
        x && typeof x === 'object' && 'id' in x ? (x as { id: unknown }).id : x,
      );
    }
    delete o[alias];
  }
  return o;
}

export const createDoctorBody = z.preprocess(
  normaliseLinks,
  z.object({
    name,
    email,
    phone,
    license_number: licenseNumber,
    active: flag().default(true),
    specialty_ids: specialtyIds,
    location_ids: locationIds.optional(),
    user_id: userId,
  }),
);
export type CreateDoctorBody = z.infer<typeof createDoctorBody>;

export const updateDoctorBody = z.preprocess(
  normaliseLinks,
  z
    .object({
      name: name.optional(),
      email,
      phone,
      license_number: licenseNumber.optional(),
      active: flag().optional(),
      specialty_ids: specialtyIds.optional(),
      location_ids: locationIds.optional(),
      user_id: userId,
    })
    .refine(hasChanges, NO_CHANGES),
);
export type UpdateDoctorBody = z.infer<typeof updateDoctorBody>;

export const doctorSpecialtiesBody = z.object({ specialty_ids: specialtyIds });
export const doctorLocationsBody = z.object({ location_ids: locationIds });

export const listDoctorsQuery = z.object({
  q: searchText,
  active: queryFlag,
  specialty_id: refId('Especialidad inválida').optional(),
  location_id: refId('Sede inválida').optional(),
});

export const doctorDto = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  license_number: z.string(),
  active: z.boolean(),
  user_id: z.number().nullable(),
  specialties: z.array(idName),
  locations: z.array(idName),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DoctorDto = z.infer<typeof doctorDto>;

import { z } from 'zod';

export const sessionDto = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  current: z.boolean(),
});
export type SessionDto = z.infer<typeof sessionDto>;

export const activeSessionDto = sessionDto.omit({ current: true }).extend({
  user_id: z.number(),
  user_name: z.string(),
  user_email: z.string(),
  role: z.string(),
});
export type ActiveSessionDto = z.infer<typeof activeSessionDto>;

export const sessionIdParam = z.object({ id: z.string().uuid('Identificador de sesión inválido') });

export const revokeSessionsQuery = z.object({
  exclude_current: z
    .enum(['true', 'false', '1', '0'], { error: 'exclude_current debe ser true o false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

import type { Role } from '../catalogs/roles';

/** Who reads Análisis and the metrics, and who maps the oportunidad indicators (decision 032). Kept apart from
 * the zod schemas so the shell's menu imports only this. */
export const ANALYTICS_READ_ROLES: readonly Role[] = ['admin', 'supervisor'];
export const ANALYTICS_MANAGE_ROLES: readonly Role[] = ['admin'];

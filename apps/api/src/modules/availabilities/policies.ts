import type { Role } from '@ips/shared/catalogs/roles';

/** Everyone signed in reads agendas (agents book from them, doctors see their own day). */
export const READ = 'authenticated' as const;
/** Creating, editing, moving and cancelling agendas is scheduling staff's work (issue: agendas API). */
export const MANAGE: readonly Role[] = ['admin', 'supervisor', 'reception'];

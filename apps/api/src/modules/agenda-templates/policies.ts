import { AGENDA_BULK_ROLES, AGENDA_ROLES } from '@ips/shared/catalogs/roles';

/**
 * Templates are scheduling configuration and generate agendas: the roles that create agendas read and manage
 * them and generate from one template (docs/role-matrix.md 'Plantillas de agenda').
 */
export const MANAGE = AGENDA_ROLES;
/** Generating for many templates at once touches the whole clinic's agendas: managers only. */
export const BULK = AGENDA_BULK_ROLES;

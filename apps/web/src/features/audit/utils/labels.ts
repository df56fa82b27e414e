import { ROLE_LABELS, type Role } from '@ips/shared/catalogs/roles';
import { AUDIT_ACTION_LABELS, AUDIT_TABLE_LABELS } from '@ips/shared/schemas/audit';

export { auditActionLabel, auditRecordLabel, auditTableLabel } from '@ips/shared/schemas/audit';

const byLabel = (labels: Record<string, string>) =>
  Object.entries(labels)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'es'));

export const TABLE_OPTIONS = byLabel(AUDIT_TABLE_LABELS);
export const ACTION_OPTIONS = byLabel(AUDIT_ACTION_LABELS);

/** 'YYYY-MM-DD HH:mm:ss' (the API's local time) as dd/MM/yyyy HH:mm:ss. */
export function localStamp(text: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(text);
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}` : text;
}

/** Who made a change: the user's name, 'Sistema' for automatic work, or the id of a user since deleted. */
export function actorLabel(r: { user_id: number | null; user_name: string | null }): string {
  if (r.user_name) return r.user_name;
  return r.user_id === null ? 'Sistema' : `Usuario #${r.user_id}`;
}

export const roleLabel = (role: string | null) => (role ? (ROLE_LABELS[role as Role] ?? role) : null);

export const count = new Intl.NumberFormat('es-CO');

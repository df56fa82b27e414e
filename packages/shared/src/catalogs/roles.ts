export const ROLES = ['admin', 'supervisor', 'agent', 'doctor', 'reception'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrador',
  supervisor: 'Supervisor',
  agent: 'Agente',
  doctor: 'Doctor',
  reception: 'Recepcionista',
};

/** Roles that manage master data and other users' sessions. */
export const MANAGER_ROLES: readonly Role[] = ['admin', 'supervisor'];

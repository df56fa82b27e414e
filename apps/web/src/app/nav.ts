import type { ComponentType } from 'react';
import type { LucideIcon } from 'lucide-react';
import {
  BarChart3Icon,
  BellIcon,
  BotIcon,
  CalendarDaysIcon,
  CalendarRangeIcon,
  ClockIcon,
  FileJson2Icon,
  HistoryIcon,
  LayoutTemplateIcon,
  LayoutDashboardIcon,
  ListIcon,
  ListOrderedIcon,
  MapPinIcon,
  PhoneCallIcon,
  ReceiptTextIcon,
  SettingsIcon,
  UserCogIcon,
  UsersIcon,
} from 'lucide-react';
import {
  AGENDA_ROLES,
  BILLING_READ_ROLES,
  CALL_READ_ROLES,
  FRONT_DESK_ROLES,
  RIPS_PACKAGE_ROLES,
  MANAGER_ROLES,
  type Role,
} from '@ips/shared/catalogs/roles';
import { ANALYTICS_READ_ROLES } from '@ips/shared/schemas/analytics-roles';
import { WaitingCountBadge } from '@/features/queue/components/waiting-count-badge';

/**
 * The sidebar and the signed-in routes are both built from this registry, so a screen appears in the menu exactly
 * when its page exists. Add an entry when a page is built; never add one for a page that does not exist yet.
 *
 * Spec part 1 §2 — groups in this order, with the entries still to come:
 *   main       Panel de Citas Médicas → / (the landing page), Gestión de agenda → /appointments (built)
 *   Principal  Pacientes → /patients
 *   Gestión    Cola de Espera → /queue (built; badge: waiting patients, live and every 30 s),
 *              Cola Diaria → /daily-queue (built),
 *              Consultas → /consultations (built: the voice agent's consultations; Monitor de Llamadas → /calls,
 *              Dashboard de Llamadas and Historial under it as tabs)
 *   Análisis   Análisis → /analytics, Distribución → /distribution (built)
 *   Administración  Usuarios → /users (built; admin only). Part 2 §2 names no route for it; a sidebar entry gets a
 *              top-level path like the others (under /settings, Configuración would light up too).
 *   footer     Configuración → /settings
 */
export type NavGroupId = 'main' | 'principal' | 'gestion' | 'analisis' | 'admin' | 'footer';

export const NAV_GROUPS: readonly { id: Exclude<NavGroupId, 'footer'>; label: string | null }[] = [
  { id: 'main', label: null },
  { id: 'principal', label: 'Principal' },
  { id: 'gestion', label: 'Gestión' },
  { id: 'analisis', label: 'Análisis' },
  { id: 'admin', label: 'Administración' },
];

export interface NavItem {
  /** null: a route without a sidebar entry, reached from another page (e.g. Configuración → Gestión de Recursos). */
  group: NavGroupId | null;
  /** Sidebar text; also the browser tab title. */
  label: string;
  path: string;
  icon: LucideIcon;
  /** The page, loaded on first visit as its own chunk. */
  page: () => Promise<{ default: ComponentType }>;
  /** Roles that see and may open the page; all roles when absent. */
  roles?: readonly Role[];
  /** A small live counter beside the label (e.g. waiting patients). Keep it light: it ships with the shell. */
  badge?: ComponentType;
}

export const NAV_ITEMS: readonly NavItem[] = [
  {
    group: 'main',
    label: 'Panel de Citas Médicas',
    path: '/',
    icon: LayoutDashboardIcon,
    page: () => import('@/app/routes/dashboard-page'),
  },
  {
    // Spec §2 lists no sidebar entry for it: reached from the dashboard's 'Agenda del Día' button.
    group: null,
    label: 'Agenda del Día',
    path: '/daily-agenda',
    icon: CalendarDaysIcon,
    page: () => import('@/app/routes/daily-agenda-page'),
  },
  {
    group: 'main',
    label: 'Gestión de agenda',
    path: '/appointments',
    icon: CalendarDaysIcon,
    page: () => import('@/app/routes/agenda-management-page'),
  },
  {
    // Spec part 2 §2 lists no sidebar entry for it: reached from Gestión de Agenda's 'Plantillas' button.
    group: null,
    label: 'Plantillas de Agenda',
    path: '/agenda-templates',
    icon: LayoutTemplateIcon,
    page: () => import('@/app/routes/agenda-templates-page'),
    roles: AGENDA_ROLES,
  },
  {
    group: 'principal',
    label: 'Pacientes',
    path: '/patients',
    icon: UsersIcon,
    page: () => import('@/app/routes/patients-page'),
  },
  {
    group: null,
    label: 'Listado de pacientes',
    path: '/patients/list',
    icon: ListIcon,
    page: () => import('@/app/routes/patients-list-page'),
  },
  {
    group: 'gestion',
    label: 'Cola de Espera',
    path: '/queue',
    icon: ClockIcon,
    page: () => import('@/app/routes/queue-page'),
    badge: WaitingCountBadge,
    // Waiting patients are booked with nobody yet: not a doctor's to read (decision 020).
    roles: FRONT_DESK_ROLES,
  },
  {
    group: 'gestion',
    label: 'Cola Diaria',
    path: '/daily-queue',
    icon: ListOrderedIcon,
    page: () => import('@/app/routes/daily-queue-page'),
  },
  {
    // Spec part 1 §2: Consultas → /consultations, the voice agent's consultations (issue 18). The call center
    // (issue 17) is under it: the four screens share a tab bar (features/calls). Not for doctors.
    group: 'gestion',
    label: 'Consultas',
    path: '/consultations',
    icon: PhoneCallIcon,
    page: () => import('@/app/routes/consultations-page'),
    roles: CALL_READ_ROLES,
  },
  {
    group: null,
    label: 'Monitor de Llamadas',
    path: '/calls',
    icon: PhoneCallIcon,
    page: () => import('@/app/routes/calls-monitor-page'),
    roles: CALL_READ_ROLES,
  },
  {
    group: null,
    label: 'Dashboard de Llamadas',
    path: '/calls/dashboard',
    icon: PhoneCallIcon,
    page: () => import('@/app/routes/calls-dashboard-page'),
    roles: CALL_READ_ROLES,
  },
  {
    group: null,
    label: 'Historial de Llamadas',
    path: '/calls/history',
    icon: PhoneCallIcon,
    page: () => import('@/app/routes/calls-history-page'),
    roles: CALL_READ_ROLES,
  },
  {
    group: 'gestion',
    label: 'Ubicaciones',
    path: '/locations',
    icon: MapPinIcon,
    page: () => import('@/app/routes/locations-page'),
  },
  {
    group: 'analisis',
    label: 'Análisis',
    path: '/analytics',
    icon: BarChart3Icon,
    page: () => import('@/app/routes/analytics-page'),
    // Decision 032: administrator and supervisor.
    roles: ANALYTICS_READ_ROLES,
  },
  {
    group: 'analisis',
    label: 'Distribución',
    path: '/distribution',
    icon: CalendarRangeIcon,
    page: () => import('@/app/routes/distribution-page'),
  },
  {
    group: 'analisis',
    label: 'Facturación',
    path: '/billing',
    icon: ReceiptTextIcon,
    page: () => import('@/app/routes/billing-page'),
    // Decision 031: managers and the front desk (the cash desk); not the call center nor doctors.
    roles: BILLING_READ_ROLES,
  },
  {
    group: 'analisis',
    label: 'RIPS',
    path: '/rips',
    icon: FileJson2Icon,
    page: () => import('@/app/routes/rips-page'),
    // Decision 037: the billing staff builds, validates and downloads the packages.
    roles: RIPS_PACKAGE_ROLES,
  },
  {
    group: 'admin',
    label: 'Usuarios',
    path: '/users',
    icon: UserCogIcon,
    page: () => import('@/app/routes/users-page'),
    roles: ['admin'],
  },
  {
    group: 'admin',
    label: 'Auditoría',
    path: '/audit',
    icon: HistoryIcon,
    page: () => import('@/app/routes/audit-page'),
    // The audit trail: administrators and supervisors (AUDIT_ROLES, docs/role-matrix.md).
    roles: MANAGER_ROLES,
  },
  {
    group: 'footer',
    label: 'Configuración',
    path: '/settings',
    icon: SettingsIcon,
    page: () => import('@/app/routes/settings-page'),
  },
  {
    // Reached from Configuración; the assistant's settings are the administrator's (docs/role-matrix.md).
    group: null,
    label: 'Configuración de IA',
    path: '/settings/ai',
    icon: BotIcon,
    page: () => import('@/app/routes/ai-settings-page'),
    roles: ['admin'],
  },
  {
    // Reached from the bell's 'Ver todas las notificaciones' (features/notifications).
    group: null,
    label: 'Notificaciones',
    path: '/notifications',
    icon: BellIcon,
    page: () => import('@/features/notifications/components/notifications-page'),
  },
  {
    group: null,
    label: 'Gestión de Recursos',
    path: '/settings/resources',
    icon: SettingsIcon,
    page: () => import('@/app/routes/resources-page'),
  },
];

export function canSee(item: NavItem, role: Role | undefined): boolean {
  return !item.roles || (role !== undefined && item.roles.includes(role));
}

/** Entries the role may see, in sidebar order (groups first, then the footer). */
export function visibleItems(role: Role | undefined): NavItem[] {
  const order: NavGroupId[] = [...NAV_GROUPS.map((g) => g.id), 'footer'];
  return order.flatMap((g) => NAV_ITEMS.filter((i) => i.group === g && canSee(i, role)));
}

/** Whether a path belongs to the entry: '/' only to itself, any other entry also to its sub-paths. */
export function matchesItem(item: NavItem, pathname: string): boolean {
  return pathname === item.path || (item.path !== '/' && pathname.startsWith(`${item.path}/`));
}

/** The most specific entry for a path: /settings/resources is Gestión de Recursos, not Configuración. */
export function findItem(pathname: string): NavItem | undefined {
  return NAV_ITEMS.filter((i) => matchesItem(i, pathname)).sort((a, b) => b.path.length - a.path.length)[0];
}

import { sql } from 'drizzle-orm';
import type { Role } from '@ips/shared/catalogs/roles';
import type { Executor } from '../client';
import { users } from '../schema/users';
import { hashPassword } from '../../lib/passwords';

/** Demo accounts, one per role; only ever created in the embedded demo mode (see README). */
export const DEMO_PASSWORD = 'Demo2026!';
export const DEMO_USERS: readonly { name: string; email: string; role: Role; department: string }[] = [
  { name: 'Ana María Rodríguez', email: 'admin@demo.ips.co', role: 'admin', department: 'Dirección' },
  {
    name: 'Carlos Andrés Gómez',
    email: 'supervisor@demo.ips.co',
    role: 'supervisor',
    department: 'Call center',
  },
  { name: 'Laura Valentina Pérez', email: 'agente@demo.ips.co', role: 'agent', department: 'Call center' },
  {
    name: 'Dr. Jorge Enrique Martínez',
    email: 'doctor@demo.ips.co',
    role: 'doctor',
    department: 'Medicina General',
  },
  {
    name: 'Diana Marcela Castro',
    email: 'recepcion@demo.ips.co',
    role: 'reception',
    department: 'Admisiones',
  },
];

/**
 * Creates the demo accounts (marked is_demo) and switches back on those a start without demo mode switched off,
 * so the accounts the login page lists always work while demo mode is on.
 */
export async function seedDemoUsers(db: Executor): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  await db
    .insert(users)
    .values(DEMO_USERS.map((u) => ({ ...u, status: 'Activo', passwordHash: hash, isDemo: true })))
    .onConflictDoNothing();
  await db
    .update(users)
    .set({ status: 'Activo', updatedAt: sql`now()` })
    .where(sql`${users.isDemo} and ${users.status} = 'Inactivo'`);
}

/**
 * Creates (or re-activates and resets) an administrator. Used by ADMIN_EMAIL/ADMIN_PASSWORD and the CLI. The operator
 * chose this password, so it is not marked to be changed (decision 021); an account made this way is a real one,
 * never a demo account that a start without demo mode would switch off.
 */
export async function upsertAdmin(
  db: Executor,
  email: string,
  password: string,
  name = 'Administrador',
): Promise<'created' | 'updated'> {
  const passwordHash = await hashPassword(password);
  const existing = await findUserIdByEmail(db, email);
  if (existing) {
    await db
      .update(users)
      .set({
        role: 'admin',
        status: 'Activo',
        passwordHash,
        mustChangePassword: false,
        isDemo: false,
        updatedAt: sql`now()`,
      })
      .where(sql`${users.id} = ${existing}`);
    return 'updated';
  }
  await db
    .insert(users)
    .values({ name, email: email.toLowerCase(), role: 'admin', status: 'Activo', passwordHash });
  return 'created';
}

export async function findUserIdByEmail(db: Executor, email: string): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row?.id ?? null;
}

import { createInterface } from 'node:readline/promises';
import { z } from 'zod';
import { newPassword } from '@ips/shared/schemas/password';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { upsertAdmin } from '../../db/seed/users';

/**
 * npm run user:create-admin -- [email] — creates an administrator, or resets an existing account to one.
 * The password comes from ADMIN_PASSWORD or is asked for; it is never taken from the command line.
 */
const config = loadConfig();
const rl = createInterface({ input: process.stdin, output: process.stdout });
const email = z
  .string()
  .email('Correo inválido')
  .parse(process.argv[2] ?? config.adminEmail ?? (await rl.question('Correo del administrador: ')).trim());
const password = newPassword.parse(
  config.adminPassword ?? (await rl.question('Contraseña (mínimo 12 caracteres): ')),
);
rl.close();

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await runMigrations(database, config.databaseUrl);
  const result = await upsertAdmin(database.db, email, password);
  console.log(
    result === 'created'
      ? `Administrador ${email} creado.`
      : `La cuenta ${email} ahora es administradora activa y su contraseña fue cambiada.`,
  );
} finally {
  await database.close();
}

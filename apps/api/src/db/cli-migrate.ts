import { loadConfig } from '../config';
import { openDatabase } from './client';
import { runMigrations } from './migrate';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await runMigrations(database, config.databaseUrl);
  console.log(`Migraciones aplicadas (${database.kind}).`);
} finally {
  await database.close();
}

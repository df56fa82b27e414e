import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { seed } from './db/seed/index';
import { defaultSettings } from './modules/settings/defaults';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await runMigrations(database, config.databaseUrl);
  const report = await seed(database.db, config, { settings: defaultSettings(config.orgTimezone) });
  console.log(
    `Catálogos cargados${report.demo ? ' con datos de demostración' : ''}${report.adminCreated ? `; administrador ${report.adminCreated} creado` : ''}.`,
  );
} finally {
  await database.close();
}

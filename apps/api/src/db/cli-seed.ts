import { loadConfig } from '../config';
import { openDatabase } from './client';
import { runMigrations } from './migrate';
import { seed } from './seed/index';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await runMigrations(database, config.databaseUrl);
  const report = await seed(database.db, config);
  console.log(
    `Catálogos cargados${report.demo ? ' con datos de demostración' : ''}${report.adminCreated ? `; administrador ${report.adminCreated} creado` : ''}.`,
  );
} finally {
  await database.close();
}

import { loadConfig } from './config';
import { buildApp } from './app';

const config = loadConfig();
const app = await buildApp(config);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'cerrando: se terminan las solicitudes en curso y se cierra la base de datos');
  const timer = setTimeout(() => {
    app.log.error('cierre forzado tras 10 s');
    process.exit(1);
  }, 10_000);
  timer.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error al cerrar');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? 'PostgreSQL' : `PGlite embebido en ${config.dataDir}`;
app.log.info(
  `IPS Agenda escuchando en http://localhost:${config.port} (${where}${app.deps.config.demoMode ? ', modo demostración' : ''})`,
);

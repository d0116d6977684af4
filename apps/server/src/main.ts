import { ConfigError, loadConfig } from './config/config';
import pino from 'pino';
import { buildApp } from './app';
import { firstAdminBox } from './modules/accounts';

/** Reads config, builds the app, listens, and drains requests and sockets on SIGTERM/SIGINT. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Written synchronously, so the first administrator's notice below comes after the start-up lines.
  const server = await buildApp(config, { logStream: pino.destination({ dest: 1, sync: true }) });
  await server.app.listen({ port: config.port, host: config.host });
  server.app.log.info(`serving ${config.publicUrl} (database: ${server.ctx.database.kind}, mail: ${config.smtpUrl ? 'smtp' : 'outbox'})`);
  // On the terminal, not in the log: shown once, after the start-up lines, where the operator looks.
  if (server.firstAdmin) console.log(`\n${firstAdminBox(server.firstAdmin)}\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal} received, draining`);
    // The last resort if closing itself hangs (a database that never answers): well after the grace.
    const force = setTimeout(() => process.exit(1), config.shutdownGraceMs + 10_000);
    force.unref();
    const drained = await server.shutdown(config.shutdownGraceMs);
    if (!drained) server.app.log.warn(`requests still running after ${config.shutdownGraceMs} ms were cut off`);
    // Only now, with every socket and the database closed (docs/operations.md#restarts).
    server.app.log.info('stopped');
    process.exit(drained ? 0 : 1);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

void main();

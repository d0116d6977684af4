import { ConfigError, loadConfig } from './config/config';
import { buildApp } from './app';

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
  const server = await buildApp(config);
  await server.app.listen({ port: config.port, host: config.host });
  server.app.log.info(`serving ${config.publicUrl} (database: ${server.ctx.database.kind}, mail: ${config.smtpUrl ? 'smtp' : 'outbox'})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal} received, draining`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await server.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

void main();

import path from 'node:path';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Config } from '../../apps/server/src/config/config';
import { movableClock, type MovableClock } from '../../apps/server/src/platform/clock';
import { createTestApp, type TestApp } from '../../apps/server/src/test-support/harness';

// E2E_WEB_DIST lets a developer test a build kept elsewhere (`vite build --outDir`) while editing.
export const WEB_DIST = process.env.E2E_WEB_DIST ?? path.resolve(import.meta.dirname, '../../apps/web/dist');

export type RunningServer = TestApp & {
  baseUrl: string;
  /** The server's clock: real time until a journey moves it (support/clock.ts). */
  clock: MovableClock;
};

/**
 * The real server (API, sockets, built web app) on a free port, with its own data directory and
 * database, and the mail job running so codes land in the outbox as they would for a person.
 */
export async function startServer(config: Partial<Config> = {}): Promise<RunningServer> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error('The web app is not built: run "npm run build" (npm test does it first).');
  }
  const clock = movableClock();
  const app = await createTestApp({
    config: { webDist: WEB_DIST, rateLimitScale: 20, ...config },
    // A page whose clock jumped must keep its socket (support/clock.ts): 10 minutes of silence, not 20 s.
    build: { startJobs: true, clock, socketPingTimeoutMs: 10 * 60_000 },
  });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.app.server.address() as AddressInfo;
  return Object.assign(app, { baseUrl: `http://127.0.0.1:${port}`, clock });
}

import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from '../test-support/harness';
import { freePort, startServer, type ServerProcess } from '../test-support/server-process';

// Issue #13, finding 4: SIGTERM under keep-alive traffic must stop taking work, finish what is
// running, close idle connections, sockets and the database, and exit 0 (docs/operations.md#restarts).

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-drain-'));
let database: Awaited<ReturnType<typeof freshDatabase>>;
let server: ServerProcess;
let port: number;

beforeAll(async () => {
  database = await freshDatabase();
  port = await freePort();
  server = await startServer(
    {
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      REDIS_PREFIX: `cc-drain-${process.pid}`,
      SHUTDOWN_GRACE_MS: '10000',
    },
    150_000,
  );
}, 180_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
});

type Outcome = { sentAt: number; status?: number; connection?: string; error?: string };

/** Health checks one after another on one kept-alive connection, as a busy client or a proxy sends them. */
function keepAliveTraffic(stop: () => boolean) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const outcomes: Outcome[] = [];
  const once = () =>
    new Promise<Outcome>((resolve) => {
      const sentAt = Date.now();
      const req = http.get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ sentAt, status: res.statusCode, connection: String(res.headers.connection) }));
      });
      req.on('error', (error: NodeJS.ErrnoException) => resolve({ sentAt, error: error.code ?? error.message }));
    });
  const done = (async () => {
    while (!stop()) {
      const outcome = await once();
      outcomes.push(outcome);
      if (outcome.error === 'ECONNREFUSED') break;
    }
    agent.destroy();
  })();
  return { outcomes, done };
}

/** A sign-in whose headers are sent now and whose body comes later: a request still running. */
function slowSignIn() {
  const body = JSON.stringify({ email: 'nobody@example.test', password: 'not the password' });
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (d) => (answer += d.toString()));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(
    `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
  );
  return { finish: () => socket.write(body), answer: () => answer, closed };
}

/** A connection that made one request and now sits idle, kept alive. */
async function idleConnection() {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (d) => (answer += d.toString()));
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
  socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  while (!answer.includes('\r\n\r\n')) await new Promise((r) => setTimeout(r, 20));
  return { closed };
}

it('SIGTERM under keep-alive traffic: running work finishes, new work is refused, idle connections close, exit 0', async () => {
  let stopTraffic = false;
  const traffic = keepAliveTraffic(() => stopTraffic);
  const idle = await idleConnection();
  const running = slowSignIn();
  await new Promise((r) => setTimeout(r, 500)); // the traffic is flowing
  expect(traffic.outcomes.some((o) => o.status === 200)).toBe(true);

  const signalledAt = Date.now();
  server.child.kill('SIGTERM');

  // Idle kept-alive connections are closed at once, not left until their keep-alive timeout.
  const idleClosedAt = await idle.closed;
  expect(idleClosedAt - signalledAt).toBeLessThan(2_000);

  // The sign-in that was running when the signal came is finished and answered, then its connection closes.
  await new Promise((r) => setTimeout(r, 300));
  running.finish();
  await running.closed;
  expect(running.answer()).toMatch(/^HTTP\/1\.1 401 /);
  expect(running.answer().toLowerCase()).toContain('connection: close');

  const exit = await server.exited;
  stopTraffic = true;
  await traffic.done;
  expect(exit).toEqual({ code: 0, signal: null });
  // Nothing was answered as usual on the open connection once the server had had time to see the signal.
  const late = traffic.outcomes.filter((o) => o.sentAt > signalledAt + 250);
  expect(late.filter((o) => o.status === 200)).toEqual([]);
  // The busy client was told: its next connection was refused, so it (or a proxy) goes elsewhere.
  expect(traffic.outcomes.at(-1)?.error).toBe('ECONNREFUSED');
  // The database and sockets were closed before the process said it stopped.
  expect(server.output()).toContain('SIGTERM received, draining');
  expect(server.output().trim().split('\n').at(-1)).toContain('stopped');
  expect(Date.now() - signalledAt).toBeLessThan(8_000);
}, 60_000);

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from './test-support/harness';
import { serverBundleForTests } from './test-support/server-bundle';

/**
 * The server as `npm start` runs it: the bundle (`node dist/main.mjs`) in its own process, an
 * on-disk embedded database under DATA_DIR, real signals. Uses the environment's
 * DATABASE_URL/REDIS_URL when CI sets them.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-main-'));
let child: ChildProcess;
let baseUrl: string;
let output = '';
let database: Awaited<ReturnType<typeof freshDatabase>>;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function waitForHealth(url: string, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${output}`);
}

let serverBundle: string;

function start(extraEnv: Record<string, string> = {}) {
  // With DATABASE_URL set (CI's second pass) the process gets a database of its own, like every test.
  const databaseEnv = database.url ? { DATABASE_URL: database.url } : {};
  // LOG_LEVEL is left at its default, as a newcomer running `npm start` has it.
  const { LOG_LEVEL: _ignored, ...inherited } = process.env;
  return spawn(process.execPath, ['--enable-source-maps', serverBundle], {
    env: {
      ...inherited,
      ...databaseEnv,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      REDIS_PREFIX: `cc-main-${process.pid}`,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

beforeAll(async () => {
  serverBundle = await serverBundleForTests();
  database = await freshDatabase();
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  child = start({ PORT: String(port), HOST: '127.0.0.1' });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  await waitForHealth(baseUrl, 45_000);
}, 60_000);

afterAll(async () => {
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
});

describe('the server process', () => {
  it('creates the first administrator once, keeps the password in a private file and shows it once, framed, after start-up', () => {
    const file = path.join(dataDir, 'admin-credentials.txt');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o077).toBe(0);
    const [, email, password] = /e-mail: (\S+)\npassword: (\S+)/.exec(readFileSync(file, 'utf8'))!;

    expect(output.split(password!)).toHaveLength(2);
    const box = output.slice(output.indexOf('+-'), output.lastIndexOf('-+') + 2).split('\n');
    expect(box.find((line) => line.includes(password!))).toMatch(/^\| +password: +\S+ +\|$/);
    expect(box.find((line) => line.includes(email!))).toMatch(/^\| +e-mail: +\S+ +\|$/);
    expect(new Set(box.map((line) => line.length)).size).toBe(1); // a closed frame
    // Printed after the server says it is serving, so no start-up line pushes it away.
    expect(output.indexOf(password!)).toBeGreaterThan(output.indexOf('serving http'));
  });

  it('writes no line per request at the default log level', async () => {
    const before = output.length;
    for (let i = 0; i < 3; i++) expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(output.slice(before)).not.toContain('/api/health');
    expect(output).not.toContain('request completed');
  });

  it('keeps its data under DATA_DIR: the embedded database and the generated JWT secret', () => {
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);
    if (!process.env.DATABASE_URL) expect(existsSync(path.join(dataDir, 'db'))).toBe(true);
  });

  it('sends security headers', async () => {
    const res = await fetch(`${baseUrl}/api/health`);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('refuses to start with a bad setting and names it', async () => {
    const bad = start({ PORT: 'not-a-port' });
    let text = '';
    bad.stderr!.on('data', (d: Buffer) => (text += d.toString()));
    const code = await new Promise<number | null>((resolve) => bad.on('exit', resolve));
    expect(code).toBe(1);
    expect(text).toContain('PORT');
  });

  it('drains and exits cleanly on SIGTERM, closing live sockets', async () => {
    const socket = connect(baseUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false, query: { token: 'x' } });
    await new Promise((resolve) => socket.once('connect_error', resolve)); // reachable (and refused: no token)
    socket.close();

    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('SIGTERM received, draining');
  });
});

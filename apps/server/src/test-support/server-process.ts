import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { serverBundleForTests } from './server-bundle';

/**
 * The server as `npm start` runs it, in its own process, so a test can SIGKILL it and start it again
 * on the same database (apps/server/src/main.test.ts does the same for start-up; platform/shutdown.test.ts for draining).
 */
export type ServerProcess = {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far (for failure messages). */
  output: () => string;
  /** Resolves with how it exited: its code, or the signal that killed it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** A port free now; the test keeps it for both lives of the server so sockets reconnect to the same address. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Spawns the server's bundle (`npm run serve`) and resolves once it logs that it is serving. */
export async function startServer(env: Record<string, string>, timeoutMs = 45_000): Promise<ServerProcess> {
  const { LOG_LEVEL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--enable-source-maps', await serverBundleForTests()], {
    env: { ...inherited, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (text += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const started = Date.now();
  while (!text.includes('serving http')) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited before serving:\n${text}`);
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in ${timeoutMs} ms:\n${text}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => text, exited };
}

/** Sleeps until the wall clock reaches `instant` (ms since the epoch). */
export const sleepUntil = (instant: number) => new Promise((r) => setTimeout(r, Math.max(0, instant - Date.now())));

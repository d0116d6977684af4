import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/**
 * A Redis of the test's own, on a free port, that the test may stop and start again: the Redis the
 * other tests share (6379) is never touched. Nothing is saved, so a restart comes back empty, as a
 * crashed Redis without persistence does.
 */
export async function ownRedis() {
  const port = await new Promise<number>((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
    probe.on('error', reject);
  });
  let child: ChildProcess | undefined;

  async function start() {
    const started = spawn('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      };
      started.stdout!.on('data', onData);
      started.stderr!.on('data', onData);
      started.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
    });
  }

  /** Kills it outright (SIGKILL, as a crash or a lost machine), waiting until the process is gone. */
  async function kill() {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  }

  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, kill };
}

/**
 * One load generator of bench/sockets/idle.bench.ts, in its own process (the server's memory must
 * not include its clients): opens a signed-in Socket.IO connection (websocket, as the web client
 * does) for each token it is given, a bounded number at a time, times each from `io()` to the
 * `connect` event, then holds them idle until told to close. The parent runs several of these so
 * that no process needs more file descriptors than `ulimit -n` allows.
 */
import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH, SOCKET_TOKEN_QUERY } from '@cc/contracts';

export type IdlePlan = { base: string; tokens: string[]; concurrency: number };
export type IdleConnected = { type: 'connected'; seconds: number; latencies: number[]; failed: number; rssMb: number };
export type FromIdle = IdleConnected | { type: 'error'; error: string };
export type ToIdle = ({ type: 'connect' } & IdlePlan) | { type: 'close' };

const sockets: Socket[] = [];

async function connectAll(plan: IdlePlan): Promise<IdleConnected> {
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: plan.concurrency }, async () => {
      while (next < plan.tokens.length) {
        const token = plan.tokens[next++]!;
        const t = performance.now();
        const socket = io(plan.base, {
          path: SOCKET_PATH,
          query: { [SOCKET_TOKEN_QUERY]: token },
          transports: ['websocket'],
          forceNew: true,
          // An idle member's tab reconnects on its own; here a drop must show as a missing socket.
          reconnection: false,
        });
        const ok = await new Promise<boolean>((resolve) => {
          socket.once('connect', () => resolve(true));
          socket.once('connect_error', () => resolve(false));
        });
        if (ok) {
          latencies.push(performance.now() - t);
          sockets.push(socket);
        } else {
          failed++;
          socket.close();
        }
      }
    }),
  );
  return {
    type: 'connected',
    seconds: (performance.now() - started) / 1000,
    latencies,
    failed,
    rssMb: Math.round(process.memoryUsage().rss / 1048576),
  };
}

const reply = (message: FromIdle) => new Promise<void>((resolve) => process.send!(message, () => resolve()));

process.on('message', (message: ToIdle) => {
  const work = async () => {
    if (message.type === 'connect') {
      await reply(await connectAll(message));
    } else {
      for (const socket of sockets) socket.close();
      // Let the close frames go out before the process ends.
      setTimeout(() => process.exit(0), 500);
    }
  };
  work().catch((error: unknown) =>
    reply({ type: 'error', error: String(error instanceof Error ? error.stack : error) }).then(() => process.exit(1)),
  );
});

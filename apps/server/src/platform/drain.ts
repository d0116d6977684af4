import { ErrorCode } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

export const RESTARTING_MESSAGE = 'This server is restarting. Please try again: another one will answer.';

export type Drain = {
  /**
   * Stops taking work and waits, at most `graceMs`, for the requests already running to finish.
   * Resolves true when they all did.
   */
  drain(graceMs: number): Promise<boolean>;
};

/**
 * Graceful shutdown for HTTP (docs/operations.md#restarts). Once draining: the listening socket is
 * closed, a request that arrives on a kept-alive connection is answered 503 with `Connection: close`
 * (the client, or the proxy, retries elsewhere), every answer still being written closes its
 * connection after it, and idle connections are closed at once instead of lingering until their
 * keep-alive timeout.
 */
export function trackInFlight(app: FastifyInstance): Drain {
  let draining = false;
  let inFlight = 0;
  let onIdle: (() => void) | undefined;

  app.addHook('onRequest', async (request, reply) => {
    if (draining) {
      void reply.header('connection', 'close');
      throw new AppError(503, ErrorCode.UNAVAILABLE, RESTARTING_MESSAGE);
    }
    inFlight++;
    // 'close' fires once the answer is written or the client went away, whichever comes first.
    reply.raw.once('close', () => {
      inFlight--;
      if (inFlight === 0) onIdle?.();
    });
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) void reply.header('connection', 'close');
  });

  return {
    async drain(graceMs) {
      draining = true;
      app.server.close();
      app.server.closeIdleConnections();
      const finished =
        inFlight === 0 ||
        (await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), graceMs);
          onIdle = () => {
            clearTimeout(timer);
            resolve(true);
          };
        }));
      app.server.closeIdleConnections();
      return finished;
    },
  };
}

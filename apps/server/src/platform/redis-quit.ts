import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Redis } from 'ioredis';

/**
 * Ends the app's Redis client after the replies still owed to it. `disconnect()` rejected what was
 * in flight with "Connection is closed.", and the Socket.IO adapter writes a dropped socket's
 * recovery session without handling its promise, so a node closed just after a client went away
 * raised an unhandled rejection (CI, socket-cluster.test.ts). Auto-pipelining holds a turn's
 * commands until the next one while QUIT goes out at once, so the quit waits that turn: the commands
 * already issued leave first and are answered first. A client that is not connected (Redis down)
 * has no replies coming and is simply dropped: a QUIT would wait in its offline queue.
 */
export async function quitRedis(redis: Redis): Promise<void> {
  if (redis.status !== 'ready') {
    redis.disconnect();
    return;
  }
  await nextTurn();
  await redis.quit().then(
    () => undefined,
    () => redis.disconnect(),
  );
}

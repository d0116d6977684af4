import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Redis } from 'ioredis';

type AdapterFactory = ReturnType<typeof createAdapter>;
/** What the streams adapter hands each entry it reads: the publishing node's id is in clear. */
type StreamEntry = { uid: string };
type StreamsAdapter = ReturnType<AdapterFactory> & { uid: string; onRawMessage(entry: StreamEntry, offset: string): void };

/**
 * The Socket.IO streams adapter on the app's own ioredis client (docs/architecture.md):
 * a node's broadcasts go to one Redis stream every node reads, which also keeps connection-state
 * recovery working across nodes.
 *
 * On the shared client a turn's stream appends leave in the same write as its rate-limit and
 * presence commands (auto-pipelining), with no per-command timer: node-redis armed an AbortSignal
 * timeout for each one, and its 5 s default raced the adapter's own 5 s blocking read.
 */
export function createStreamsAdapter(redis: Redis, streamName: string): AdapterFactory {
  closeDuplicatesGracefully(redis);
  const create = createAdapter(redis, { streamName, channelPrefix: streamName });
  // Socket.IO calls the factory with `new`: a function, not an arrow, whose returned object wins.
  return function streamsAdapter(nsp) {
    const adapter = create(nsp) as StreamsAdapter;
    skipOwnEntries(adapter);
    return adapter;
  };
}

/**
 * Every node reads the whole stream, its own appends included, and the adapter decodes each entry
 * (its payload parsed from JSON) before noticing it came from itself and dropping it: on one node,
 * that is every event parsed once more for nothing (bench/PROFILE.md). The publisher's id is read
 * first instead.
 */
function skipOwnEntries(adapter: StreamsAdapter) {
  const handle = adapter.onRawMessage.bind(adapter);
  adapter.onRawMessage = (entry, offset) => {
    if (entry.uid !== adapter.uid) handle(entry, offset);
  };
}

/**
 * The adapter ends the clients it duplicates (its blocking reader, its subscriber) with
 * `disconnect()`, which drops the connection and rejects what is still in flight — its own
 * SUBSCRIBE, whose promise it never handles, so a server closed soon after starting (tests, a quick
 * restart) raised an unhandled rejection. Its duplicates quit instead: pending replies first.
 */
function closeDuplicatesGracefully(redis: Redis) {
  const duplicate = redis.duplicate.bind(redis);
  redis.duplicate = (...args: Parameters<Redis['duplicate']>) => {
    const copy = duplicate(...args);
    // A client that is not connected answers quit() by calling disconnect(): that one drops it, or
    // closing a node while Redis is down recursed until the stack overflowed (docs/architecture.md#faults).
    const drop = copy.disconnect.bind(copy);
    let quitting = false;
    copy.disconnect = (reconnect?: boolean) => {
      if (quitting || copy.status !== 'ready') return drop(reconnect);
      quitting = true;
      void copy.quit().catch(() => undefined);
    };
    // The subscriber's SUBSCRIBE, unhandled by the adapter, fails when Redis is down at start-up;
    // ioredis renews only subscriptions that succeeded, so it is sent again once Redis is ready.
    const subscribe = copy.subscribe.bind(copy) as (...channels: string[]) => Promise<unknown>;
    const subscribeUntilDone = (...channels: string[]): Promise<unknown> => {
      const sent = subscribe(...channels);
      sent.catch(() => copy.once('ready', () => void subscribeUntilDone(...channels).catch(() => undefined)));
      return sent;
    };
    (copy as unknown as { subscribe: typeof subscribeUntilDone }).subscribe = subscribeUntilDone;
    return copy;
  };
}

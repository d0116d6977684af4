import type pg from 'pg';

const BEGIN = /^\s*begin\b/i;
const guarded = new WeakSet<pg.PoolClient>();
/** Clients just handed out by `connect()` whose first statement has not been sent yet. */
const fresh = new WeakSet<pg.PoolClient>();

/**
 * drizzle-orm's node-postgres `transaction()` sends BEGIN before the try/finally that releases its
 * client, so a BEGIN that fails — the connection cut by the server between two transactions, as in a
 * failover (faults/database-drop.test.ts) — leaves the client checked out for good: the pool loses a
 * connection at every such cut, and `pool.end()` waits forever on shutdown. Here a client whose first
 * statement after checkout is a BEGIN that fails is released at once, with the error, so the pool
 * throws the broken connection away. drizzle never releases it in that case, so it is released once.
 */
export function releaseClientsWhoseBeginFails(pool: pg.Pool): void {
  // A client given back before it sent anything is not fresh for its next (callback-form) borrower.
  pool.on('release', (_error, client) => void fresh.delete(client));
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  // The callback form is the pool's own (pool.query); drizzle's transaction uses the promise form.
  pool.connect = ((...args: unknown[]) => {
    if (args.length > 0) return connect(...args);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      guard(client);
      fresh.add(client);
      return client;
    });
  }) as typeof pool.connect;
}

function guard(client: pg.PoolClient) {
  if (guarded.has(client)) return;
  guarded.add(client);
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const first = fresh.delete(client);
    const result = query(...args);
    if (!first || !isBegin(args[0]) || !(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      client.release(error instanceof Error ? error : new Error(String(error)));
      throw error;
    });
  }) as typeof client.query;
}

function isBegin(statement: unknown): boolean {
  const text = typeof statement === 'string' ? statement : (statement as { text?: unknown } | null)?.text;
  return typeof text === 'string' && BEGIN.test(text);
}

/** Most keys one call is asked for; a turn asking more makes another call. */
const KEYS_PER_CALL = 500;

type Waiter<V> = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };

/**
 * Lookups asked during one turn of the event loop, answered by one call at the turn's end
 * (`setImmediate`) instead of one call each: under load many requests finish in one turn, and each
 * asks the same kind of question (docs/architecture.md, "Counters and caches on hot paths"). An
 * answer is as fresh as a lookup made at that moment, never older than the ask. `load` answers the
 * keys it found; a key it leaves out is answered undefined, and its failure fails every ask of
 * that call.
 */
export function perTurnBatch<K, V>(load: (keys: K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | undefined> {
  let open: Map<K, Waiter<V>[]> | undefined;

  async function answer(batch: Map<K, Waiter<V>[]>) {
    if (open === batch) open = undefined;
    try {
      const found = await load([...batch.keys()]);
      for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      if (!open || open.size >= KEYS_PER_CALL) {
        const batch = new Map<K, Waiter<V>[]>();
        open = batch;
        setImmediate(() => void answer(batch));
      }
      const waiters = open.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else open.set(key, [{ resolve, reject }]);
    });
}

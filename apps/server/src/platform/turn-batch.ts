/** Most keys one call is asked for; a turn asking more makes another call. */
const KEYS_PER_CALL = 500;

type Waiter<V> = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };
type Batch<K, V> = Map<K, Waiter<V>[]>;

/**
 * Lookups asked during one turn of the event loop, answered by one call at the turn's end
 * (`setImmediate`) instead of one call each: under load many requests finish in one turn, and each
 * asks the same kind of question (docs/architecture.md, "Counters and caches on hot paths"). An
 * answer is as fresh as a lookup made at that moment, never older than the ask. `load` answers the
 * keys it found; a key it leaves out is answered undefined, and its failure fails every ask of
 * that call.
 *
 * With `callsAtOnce`, no more calls than that are in flight: while they are, asks keep joining the
 * waiting batch, which is called as soon as one of them ends. Under load this groups the asks of
 * several turns (for a statement, several commits become one) at the cost of waiting for one call.
 */
export function perTurnBatch<K, V>(
  load: (keys: K[]) => Promise<Map<K, V>>,
  { callsAtOnce = Infinity }: { callsAtOnce?: number } = {},
): (key: K) => Promise<V | undefined> {
  /** Batches not called yet, oldest first; only the last one takes new asks. */
  const waiting: Batch<K, V>[] = [];
  let inFlight = 0;
  let turnEndScheduled = false;

  async function answer(batch: Batch<K, V>) {
    try {
      const found = await load([...batch.keys()]);
      for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }

  function callWaiting() {
    while (waiting.length > 0 && inFlight < callsAtOnce) {
      inFlight++;
      void answer(waiting.shift()!).finally(() => {
        // Only a full house held batches back; otherwise the turn's end calls them, grouped.
        const full = inFlight === callsAtOnce;
        inFlight--;
        if (full) callWaiting();
      });
    }
  }

  function atTurnEnd() {
    turnEndScheduled = false;
    callWaiting();
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      let batch = waiting.at(-1);
      if (!batch || batch.size >= KEYS_PER_CALL) {
        batch = new Map();
        waiting.push(batch);
      }
      if (!turnEndScheduled) {
        turnEndScheduled = true;
        setImmediate(atTurnEnd);
      }
      const waiters = batch.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else batch.set(key, [{ resolve, reject }]);
    });
}

/**
 * `perTurnBatch` for reads by key: `load` answers the rows it found for the keys, each answering
 * the ask of `keyOf(row)`. One statement then answers every such read of a turn (bench/PROFILE.md,
 * "Reads by id, one statement per turn").
 */
export function perTurnLookup<K, Row>(load: (keys: K[]) => Promise<Row[]>, keyOf: (row: Row) => K) {
  return perTurnBatch(async (keys: K[]) => new Map((await load(keys)).map((row) => [keyOf(row), row])));
}

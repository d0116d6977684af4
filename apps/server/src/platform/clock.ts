/**
 * The server's one clock (docs/architecture.md#clock). Everything whose outcome depends on how much
 * time has passed reads it from `ctx.clock`: call billing, ring timeouts and the disconnect grace,
 * code and link expiry, sessions, and the jobs that act on those instants. Production runs on the
 * system clock; tests run on a clock they move, so "minute 2 is charged at 61 s" takes a moment
 * rather than a minute, and nothing a person would see differs between the two.
 */
export type Clock = {
  now(): Date;
  /** Milliseconds since the epoch: `now().getTime()` without the Date. */
  ms(): number;
};

export const systemClock: Clock = {
  now: () => new Date(),
  ms: () => Date.now(),
};

/** A clock a test moves: forward by `advance`, notifying whoever wants to act at once on the new time. */
export type MovableClock = Clock & {
  advance(ms: number): void;
  /** Called after every move (the jobs runner runs its jobs, so what fell due happens now). */
  onMove(listener: () => void): () => void;
};

/**
 * `flowing` (the default) runs with real time plus what the test added, so a browser and a server
 * that talk for real keep seeing time pass; `frozen` stands still between moves, for server tests
 * that count seconds exactly.
 */
export function movableClock({ start, flowing = true }: { start?: Date; flowing?: boolean } = {}): MovableClock {
  const origin = start?.getTime() ?? Date.now();
  const realOrigin = Date.now();
  let offset = 0;
  const listeners = new Set<() => void>();
  const ms = () => origin + offset + (flowing ? Date.now() - realOrigin : 0);
  return {
    ms,
    now: () => new Date(ms()),
    advance(by: number) {
      if (!(by >= 0)) throw new Error(`a clock only moves forward (asked to move by ${by} ms)`);
      offset += by;
      for (const listener of listeners) listener();
    },
    onMove(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export const isMovable = (clock: Clock): clock is MovableClock => typeof (clock as Partial<MovableClock>).advance === 'function';

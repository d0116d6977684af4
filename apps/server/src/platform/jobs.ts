import { isMovable, systemClock, type Clock } from './clock';

/**
 * Periodic background work registered by modules (`ctx.jobs.every(...)`) and started by the app
 * unless told not to (tests drive jobs by calling them). A run never overlaps the previous one of
 * the same job. Jobs must be safe to run on several processes at once: each claims or settles its
 * rows idempotently, so nothing here coordinates processes.
 */
export type Jobs = ReturnType<typeof createJobs>;

/**
 * When a test moves the clock (platform/clock.ts), every started job runs at once, so what fell due
 * in the jump happens as it would have on its next tick, without waiting for the tick.
 */
export function createJobs(log: (msg: string, err?: unknown) => void, clock: Clock = systemClock) {
  const registered: { name: string; intervalMs: number; run: () => Promise<unknown> }[] = [];
  const timers: NodeJS.Timeout[] = [];
  const ticks: ((moved: boolean) => void)[] = [];
  const running = new Set<Promise<unknown>>();
  let stopListening = () => {};

  return {
    every(name: string, intervalMs: number, run: () => Promise<unknown>) {
      registered.push({ name, intervalMs, run });
    },
    start() {
      for (const job of registered) {
        let busy = false;
        // A move of the clock during a run is acted on right after it, not a tick later.
        let again = false;
        const tick = (moved = false) => {
          if (busy) return void (again ||= moved);
          busy = true;
          const run = job
            .run()
            .catch((error: unknown) => log(`job ${job.name} failed`, error))
            .finally(() => {
              busy = false;
              running.delete(run);
              if (again && timers.length) {
                again = false;
                tick(true);
              }
            });
          running.add(run);
        };
        const timer = setInterval(() => tick(), job.intervalMs);
        timer.unref();
        timers.push(timer);
        ticks.push(tick);
      }
      if (isMovable(clock)) stopListening = clock.onMove(() => ticks.forEach((tick) => tick(true)));
    },
    /** Runs one job now and answers its result (tests, and an operator who cannot wait). */
    async run(name: string): Promise<unknown> {
      const job = registered.find((j) => j.name === name);
      if (!job) throw new Error(`no job named ${name}`);
      return job.run();
    },
    /** Stops the timers and waits for runs in flight, so shutdown never cuts one in half. */
    async stop() {
      stopListening();
      ticks.splice(0);
      timers.splice(0).forEach(clearInterval);
      await Promise.allSettled([...running]);
    },
  };
}

/**
 * Periodic background work registered by modules (`ctx.jobs.every(...)`) and started by the app
 * unless told not to (tests drive jobs by calling them). A run never overlaps the previous one of
 * the same job. Jobs must be safe to run on several processes at once: each claims or settles its
 * rows idempotently, so nothing here coordinates processes.
 */
export type Jobs = ReturnType<typeof createJobs>;

export function createJobs(log: (msg: string, err?: unknown) => void) {
  const registered: { name: string; intervalMs: number; run: () => Promise<unknown> }[] = [];
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();

  return {
    every(name: string, intervalMs: number, run: () => Promise<unknown>) {
      registered.push({ name, intervalMs, run });
    },
    start() {
      for (const job of registered) {
        let busy = false;
        const tick = () => {
          if (busy) return;
          busy = true;
          const run = job
            .run()
            .catch((error: unknown) => log(`job ${job.name} failed`, error))
            .finally(() => {
              busy = false;
              running.delete(run);
            });
          running.add(run);
        };
        const timer = setInterval(tick, job.intervalMs);
        timer.unref();
        timers.push(timer);
      }
    },
    /** Runs one job now and answers its result (tests, and an operator who cannot wait). */
    async run(name: string): Promise<unknown> {
      const job = registered.find((j) => j.name === name);
      if (!job) throw new Error(`no job named ${name}`);
      return job.run();
    },
    /** Stops the timers and waits for runs in flight, so shutdown never cuts one in half. */
    async stop() {
      timers.splice(0).forEach(clearInterval);
      await Promise.allSettled([...running]);
    },
  };
}

import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const clustered = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

// One runner for every test: pure rules, the server against a real database, the web app in jsdom
// and the browser journeys in Chromium. `npm test` runs them all.
export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    // Most server test time is spent waiting (on sockets, timers, a child server, the database), so
    // more workers than cores pays: on 2 cores, 3 workers instead of Vitest's default (one less than
    // the cores: a single worker here) took 30 % off the server tests; isolate: false below did the rest.
    maxWorkers: Math.max(3, availableParallelism()),
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'tooling',
          include: ['scripts/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/cluster/**', 'apps/server/src/faults/**', 'apps/server/src/operations/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Every file builds its own app on its own database and keeps no state in modules, so a
          // worker imports the server once rather than per file (the import was ~2 s of CPU a file;
          // with 3 workers the server project went from 24 min to 10 on 2 cores).
          // A file that wrote module state or process.env would leak it into the next in its worker.
          isolate: false,
        },
      },
      {
        // Several server processes behind a proxy on one PostgreSQL and Redis: only where both are
        // set (CI's second pass); elsewhere the project holds no files rather than skipped tests.
        test: {
          name: 'cluster',
          include: clustered
            ? ['apps/server/src/cluster/**/*.test.ts', 'apps/server/src/faults/**/*.test.ts', 'apps/server/src/operations/**/*.test.ts']
            : [],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts several server processes and a proxy: one file at a time, and only once
          // the unit projects are done, so their timing is not fought over.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      './apps/web/vite.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // One browser journey at a time, after everything else: calls are billed on the wall clock.
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});

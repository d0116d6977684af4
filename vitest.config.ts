import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { ENGINE_TESTS, FAN_OUT_JOURNEYS, WALL_CLOCK_JOURNEYS } from './scripts/test-selection';

const clustered = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

const serverTest = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Every file builds its own app on its own database and keeps no state in modules, so a
  // worker imports the server once rather than per file (the import was ~2 s of CPU a file;
  // with 3 workers the server project went from 24 min to 10 on 2 cores).
  // A file that wrote module state or process.env would leak it into the next in its worker.
  isolate: false,
};
const e2eTest = {
  // As for the server: each journey file starts its own app on its own database, so a worker
  // imports the server once and keeps its PGlite set-up warm across files (node's CPU per file went
  // from ~13.5 s to ~7.5 s; the e2e project from ~541 s to 365 s on 2 cores).
  isolate: false,
  testTimeout: 90_000,
  hookTimeout: 120_000,
  // A page loading beside another journey on 2 cores can take more than expect.poll's default 1 s to
  // show what a person would see; a poll that names its own timeout keeps it.
  expect: { poll: { timeout: 10_000 } },
};

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
          exclude: [
            'apps/server/src/cluster/**',
            'apps/server/src/faults/**',
            'apps/server/src/operations/**',
            // On PostgreSQL + Redis these are the `engine` project's.
            ...(clustered ? ENGINE_TESTS : []),
          ],
          ...serverTest,
        },
      },
      {
        // ENGINE_TESTS on PostgreSQL + Redis (CI's second pass); elsewhere `server` runs them.
        test: { name: 'engine', include: clustered ? ENGINE_TESTS : [], ...serverTest },
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
          exclude: [...WALL_CLOCK_JOURNEYS, ...(clustered ? FAN_OUT_JOURNEYS : [])],
          ...e2eTest,
          // Two journeys at once, after everything else: each file has its own server, database and
          // browser, and none of these times anything on the wall clock (a call's minutes are moved
          // on a clock the journey owns, e2e/support/clock.ts). Two, not more: each journey has a
          // Chromium and a server, and a machine of 2 cores is what the targets are measured on.
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
      {
        // FAN_OUT_JOURNEYS on PostgreSQL + Redis (CI's second pass); elsewhere `e2e` runs them.
        test: {
          name: 'e2e-fan-out',
          include: clustered ? FAN_OUT_JOURNEYS : [],
          ...e2eTest,
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'e2e-wall-clock',
          include: WALL_CLOCK_JOURNEYS,
          ...e2eTest,
          // Alone, last: what it times on the real clock must not wait behind another journey.
          fileParallelism: false,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});

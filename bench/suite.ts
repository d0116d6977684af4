/**
 * The steps `npm run bench` runs (bench/run.ts), in order. Each step is a script run as a child
 * process (`node --import tsx bench/<script> <args>`) with the environment of the suite plus
 * `BENCH_RUN` (the label of this run's block in RESULTS.md). A step measures, checks what it must,
 * and writes its own section with `writeSection` from bench/support/results.ts (replacing the
 * section a rerun wrote before); a non-zero exit marks the step failed in the suite's log.
 *
 * To add a scenario: add a line here. Keep each step bounded (its `minutes` is a hard limit: the
 * suite ends the step's process group when it is up) and the whole suite within ~12 minutes on
 * PostgreSQL on a 2-core machine (issue #11). The ceilings run first: the message scenarios compare
 * themselves with ceiling (c), which the ceilings step keeps in the block's data.
 */
export type Step = {
  /** Short name, used on the command line (`npm run bench -- messages-free`) and in the log. */
  name: string;
  /** Path from bench/. */
  script: string;
  args?: string[];
  /** One line for the suite's log. */
  what: string;
  /** Hard time limit for the step, in minutes. */
  minutes: number;
};

export const steps: Step[] = [
  {
    name: 'ceilings',
    script: 'ceilings/ceilings.bench.ts',
    what: 'bare Fastify + one INSERT, bare Socket.IO relay, relay + one INSERT (200 pairs)',
    minutes: 5,
  },
  {
    name: 'messages-free',
    script: 'messaging/send-and-deliver.bench.ts',
    args: ['free'],
    what: 'free messages through the real server, 200 online pairs',
    minutes: 4,
  },
  {
    name: 'messages-paid',
    script: 'messaging/send-and-deliver.bench.ts',
    args: ['paid'],
    what: 'paid messages (member → model at 1.00 token) through the real server, 200 online pairs',
    minutes: 4,
  },
  { name: 'paid-tips-items', script: 'paid/tips-and-items.bench.ts', what: 'tips and item purchases, 200 payers → one model', minutes: 6 },
  {
    name: 'calls',
    script: 'calls/charge.bench.ts',
    what: 'the call charge path with 1,000 calls in progress, and the billing job beside it',
    minutes: 5,
  },
  { name: 'idle-sockets', script: 'sockets/idle.bench.ts', what: '10,000 idle signed-in sockets: memory each, connect time', minutes: 4 },
  { name: 'startup', script: 'startup/startup.bench.ts', what: 'start-up on an existing data folder, spawn → /api/health 200', minutes: 5 },
  { name: 'web', script: 'web/bundle.bench.ts', what: 'JS before login and chat are usable, time to a usable chat', minutes: 5 },
];

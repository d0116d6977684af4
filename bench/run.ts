/**
 * `npm run bench`: the suite of issue #11. Runs the steps of bench/suite.ts in order, each as its
 * own child process with a hard time limit, under one run label (`BENCH_RUN`, default today's
 * date and the commit) so that every step writes its section into the same dated block at the top
 * of bench/RESULTS.md, then adds the suite's own log to that block.
 *
 *   npm run bench                                              # every step, PGlite (ceilings (a), (c) need PostgreSQL)
 *   DATABASE_URL=postgres://… REDIS_URL=redis://… npm run bench
 *   npm run bench -- messages-free                             # only the named steps
 *   BENCH_RUN="2026-11-25 after group commit" npm run bench    # a block of its own instead of today's
 *
 * Loopback only. Absolute numbers are only worth reading when nothing else heavy runs on the machine.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { steps } from './suite';
import { machineCpu } from './support/loadgen';
import { databaseLabel, runLabel, sectionName, writeMeta, writeSection } from './support/results';
import { softwareVersions } from './support/versions';

type Outcome = { name: string; seconds: number; code: number | null; timedOut: boolean; busyBefore: number | null };

const QUIET_PCT = 15;

/** The whole machine's busy share over `seconds` (all cores), or null where /proc/stat is missing. */
async function machineBusy(seconds: number): Promise<number | null> {
  const a = machineCpu();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const b = machineCpu();
  return a && b ? (100 * (b.busy - a.busy)) / (b.total - a.total) : null;
}

/**
 * Waits (up to `maxSeconds`) until the machine is quiet before a step: the other steps' numbers
 * are only worth reading when nothing else heavy runs beside them (tests, builds, other benches).
 * Answers the last busy share seen, which the suite's log records.
 */
async function waitForQuiet(maxSeconds: number): Promise<number | null> {
  const deadline = performance.now() + maxSeconds * 1000;
  let busy = await machineBusy(2);
  while (busy !== null && busy > QUIET_PCT && performance.now() < deadline) {
    console.log(`machine ${busy.toFixed(0)} % busy before the step: waiting for it to be quiet (≤ ${QUIET_PCT} %)`);
    busy = await machineBusy(5);
  }
  return busy;
}

function runStep(script: string, args: string[], minutes: number, env: NodeJS.ProcessEnv): Promise<Omit<Outcome, 'name' | 'busyBefore'>> {
  const started = performance.now();
  // Its own process group, so that a step over its time limit ends with its load generator.
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: 'inherit', env, detached: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    process.kill(-child.pid!, 'SIGKILL');
  }, minutes * 60_000);
  const stop = () => process.kill(-child.pid!, 'SIGKILL');
  process.once('SIGINT', stop);
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      clearTimeout(timer);
      process.off('SIGINT', stop);
      resolve({ seconds: (performance.now() - started) / 1000, code, timedOut });
    });
  });
}

function duration(seconds: number) {
  const s = Math.round(seconds);
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
}

async function main() {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !steps.some((s) => s.name === name));
  if (unknown.length > 0) throw new Error(`unknown steps: ${unknown.join(', ')}; the suite has ${steps.map((s) => s.name).join(', ')}`);
  const chosen = wanted.length > 0 ? steps.filter((s) => wanted.includes(s.name)) : steps;
  const label = runLabel();
  const env = { ...process.env, BENCH_RUN: label };
  const load = os.loadavg().map((l) => l.toFixed(2));
  console.log(`bench suite "${label}" on ${databaseLabel()}: ${chosen.map((s) => s.name).join(', ')}; load average ${load.join(' / ')}`);
  writeMeta(await softwareVersions(process.env.DATABASE_URL ?? process.env.BENCH_CEILING_DATABASE_URL));

  const outcomes: Outcome[] = [];
  const started = performance.now();
  for (const step of chosen) {
    console.log(`\n── ${step.name}: ${step.what}`);
    const busyBefore = await waitForQuiet(Number(process.env.BENCH_QUIET_WAIT_SECONDS ?? 120));
    const outcome = await runStep(path.join(import.meta.dirname, step.script), step.args ?? [], step.minutes, env);
    outcomes.push({ name: step.name, ...outcome, busyBefore });
    console.log(
      `── ${step.name}: ${outcome.timedOut ? 'TIMED OUT' : outcome.code === 0 ? 'done' : `FAILED (${outcome.code})`} in ${duration(outcome.seconds)}`,
    );
  }
  const total = (performance.now() - started) / 1000;
  const lines = outcomes.map(
    (o) =>
      `${o.name} ${duration(o.seconds)}${o.timedOut ? ' (timed out)' : o.code === 0 ? '' : ` (failed, exit ${o.code})`}` +
      (o.busyBefore === null ? '' : ` (machine ${o.busyBefore.toFixed(0)} % busy just before)`),
  );
  writeSection(
    sectionName('suite'),
    `Suite on ${databaseLabel()}: ${lines.join(', ')}; ${duration(total)} in all. Load average before it: ${load.join(' / ')}.\n`,
  );
  process.exit(outcomes.every((o) => o.code === 0 && !o.timedOut) ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});

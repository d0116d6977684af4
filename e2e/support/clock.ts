import type { BrowserContext } from 'playwright-core';
import type { RunningServer } from './server';

/**
 * Time in a journey that would otherwise wait on the wall clock (a call's minutes, a ring that runs
 * out): the server's clock (apps/server/src/platform/clock.ts) and each person's browser move
 * together, so both agree on what time it is and "minute 2 is charged at 61 s" takes a moment.
 *
 * A person's context gets Playwright's clock before its first page loads (`withClock`); time then
 * flows as usual until `moveTime` jumps it. The jump sets the pages' Date without firing their timers
 * (Playwright's `setSystemTime`), as a tab that slept would see it: the call timer's next tick reads
 * the new time, and the page's own schedule (the charging calls at 5 s, 61 s, …) follows from there.
 * The server runs its jobs at once on the move (platform/jobs.ts).
 */
export async function withClock(context: BrowserContext, server: RunningServer) {
  await context.clock.install({ time: server.clock.now() });
}

export async function moveTime(server: RunningServer, contexts: BrowserContext[], ms: number) {
  server.clock.advance(ms);
  const now = server.clock.now();
  await Promise.all(contexts.map((context) => context.clock.setSystemTime(now)));
}

/** Moves everyone's time on to `instant` (ms since the epoch, on the server's clock); never back. */
export async function moveTimeTo(server: RunningServer, contexts: BrowserContext[], instant: number) {
  await moveTime(server, contexts, Math.max(0, instant - server.clock.ms()));
}

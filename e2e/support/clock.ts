import type { BrowserContext, Page } from 'playwright-core';
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

/**
 * Stops a context's clock where its page now is, to look at a stage that a timer would take away.
 * The page's time runs on while the request travels, so the stop is set a little ahead, further
 * each time the page got there first (on a loaded machine a round trip took over a millisecond).
 */
export async function holdStill(context: BrowserContext, page: Page) {
  for (const ahead of [20, 200, 500]) {
    try {
      await context.clock.pauseAt(await page.evaluate((ms) => Date.now() + ms, ahead));
      return;
    } catch (error) {
      if (!String(error).includes('Cannot fast-forward to the past')) throw error;
    }
  }
  throw new Error('holdStill: the page kept running past every stop');
}

/**
 * A long chat history in a real browser: opens a conversation of N messages (the server's 20 per
 * page), scrolls up until the whole history is loaded, and measures what a person feels — how long
 * each older page takes to appear, whether the message they were looking at stays put when it
 * does (no jump), main-thread long tasks while scrolling, and how quickly a keystroke shows in the
 * composer once thousands of rows are on the page.
 *
 *   npm run build && npm run bench:history          # embedded PGlite
 *   BENCH_HISTORY=5000 npm run bench:history
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createMember } from '../../apps/server/src/test-support/factories';
import { launchBrowser, newPerson } from '../../e2e/support/browser';
import { startServer } from '../../e2e/support/server';
import { percentile } from '../support/load';

const HISTORY = Number(process.env.BENCH_HISTORY ?? 2000);

async function main() {
  const server = await startServer();
  const browser = await launchBrowser();
  const ada = await createMember(server, { name: 'Ada History' });
  const ben = await createMember(server, { name: 'Ben History' });
  const opened = await server.request('POST', '/api/conversation', { token: ada.token, body: { userId: ben.user.id } });
  const conversationId = opened.body.data._id as string;

  // The history goes straight into the table (the send path is measured by send-and-deliver);
  // texts of varied length, both directions, so rows have realistic, uneven heights.
  const started = Date.now() - HISTORY * 60_000;
  for (let from = 0; from < HISTORY; from += 500) {
    const values = Array.from({ length: Math.min(500, HISTORY - from) }, (_, k) => {
      const i = from + k;
      const sender = i % 3 === 0 ? ben.user.id : ada.user.id;
      const text = `Message ${i + 1}: ${'lorem ipsum dolor sit amet '.repeat(1 + (i % 7))}`.trim();
      return sql`(${conversationId}, ${sender}, ${randomUUID()}, 'text', ${text}, ${new Date(started + i * 60_000).toISOString()}::timestamptz)`;
    });
    await server.ctx.db.execute(
      sql`insert into messages (conversation_id, sender_id, client_id, type, text, created_at) values ${sql.join(values, sql`, `)}`,
    );
  }

  const { context, page } = await newPerson(browser, server.baseUrl);
  await context.addCookies([{ name: 'accessToken', value: ada.token, url: server.baseUrl }]);
  await page.addInitScript(() => {
    (window as unknown as { longTasks: number[] }).longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) (window as unknown as { longTasks: number[] }).longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });

  const t0 = performance.now();
  await page.goto(`/messages/${conversationId}`);
  const rows = page.locator('[data-testid="message"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="message"]').length > 0);
  const firstPaint = performance.now() - t0;

  const pageTimes: number[] = [];
  const jumps: number[] = [];
  let count = await rows.count();
  while (count < HISTORY) {
    // The message at the top of the view now, and where it sits, before older ones arrive.
    const before = await page.evaluate(() => {
      const log = document.querySelector('.chat-scroll')!;
      const top = document.querySelector('[data-testid="message"]')!;
      log.scrollTop = 0;
      return { id: top.getAttribute('data-message-id')!, y: top.getBoundingClientRect().top };
    });
    const t = performance.now();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="message"]').length > n, count, { timeout: 20_000 });
    pageTimes.push(performance.now() - t);
    const after = await page.evaluate((id) => document.querySelector(`[data-message-id="${id}"]`)!.getBoundingClientRect().top, before.id);
    jumps.push(Math.abs(after - before.y));
    count = await rows.count();
  }

  // Typing with the whole history on the page: time from key press to the character on screen.
  await page.evaluate(() => ((window as unknown as { longTasks: number[] }).longTasks.length = 0));
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.click();
  const keyDelays: number[] = [];
  for (const ch of 'how smooth is typing now?') {
    const delay = await page.evaluate(
      (key) =>
        new Promise<number>((resolve) => {
          const area = document.querySelector('textarea')!;
          const start = performance.now();
          area.addEventListener('input', () => requestAnimationFrame(() => resolve(performance.now() - start)), { once: true });
          area.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
          const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
          setter.call(area, area.value + key);
          area.dispatchEvent(new Event('input', { bubbles: true }));
        }),
      ch,
    );
    keyDelays.push(delay);
  }
  const typingLongTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks.length);
  const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  const heap = await page.evaluate(() => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0);

  const sortedPages = [...pageTimes].sort((a, b) => a - b);
  const sortedKeys = [...keyDelays].sort((a, b) => a - b);
  console.log(`database: ${server.ctx.database.kind}; history ${HISTORY} messages; ${pageTimes.length} older pages loaded`);
  console.log(`first messages on screen: ${firstPaint.toFixed(0)} ms (navigation included)`);
  console.log(
    `older page appears: p50 ${percentile(sortedPages, 50).toFixed(0)} ms, p95 ${percentile(sortedPages, 95).toFixed(0)} ms, max ${sortedPages.at(-1)!.toFixed(0)} ms`,
  );
  console.log(`jump of the message in view when a page is prepended: max ${Math.max(...jumps).toFixed(1)} px`);
  console.log(
    `keystroke to screen with ${count} rows: p50 ${percentile(sortedKeys, 50).toFixed(1)} ms, max ${sortedKeys.at(-1)!.toFixed(1)} ms; long tasks while typing: ${typingLongTasks}`,
  );
  console.log(`DOM elements: ${domNodes}; JS heap: ${(heap / 1048576).toFixed(0)} MB`);

  await context.close();
  await browser.close();
  await server.close();
}

void main();

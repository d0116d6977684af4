import type { Page } from 'playwright-core';
import { SHOTS, shot } from './browser';
import type { RunningServer } from './server';

/** What the call journeys look at on a page (docs/product.md#call-modal). */

/** The Voice Call modal. */
export const voiceCall = (page: Page) => page.getByRole('dialog', { name: 'Voice Call' });

/** The connected timer's MM:SS, in seconds. */
export async function timerSeconds(page: Page): Promise<number> {
  const clock = (await voiceCall(page).getByRole('timer').textContent()) ?? '00:00';
  return Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
}

/** A dialog floats over the page: photograph the viewport once its opening animation has run. */
export async function dialogShot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.waitForTimeout(300);
  await shot(page, name, { fullPage: false });
}

/** The caller's ledger lines for call minutes, oldest first. */
export async function minuteCharges(server: RunningServer, token: string) {
  const res = await server.request('GET', '/api/wallet/entries?limit=50', { token });
  if (res.status !== 200) throw new Error(`GET /wallet/entries answered ${res.status}`);
  return (res.body.data.items as { memo: string; amount: number; createdAt: string }[])
    .filter((entry) => /^Voice call, minute \d+$/.test(entry.memo))
    .map((entry) => ({ memo: entry.memo, amount: entry.amount, at: Date.parse(entry.createdAt) }))
    .reverse();
}

/** Holds the initiate request a moment so the Initiating stage can be seen and photographed. */
export async function slowInitiate(page: Page) {
  await page.route('**/api/masked-call/initiate', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
}

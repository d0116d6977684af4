import type { Page } from 'playwright-core';
import { SHOTS, shot } from './browser';

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

import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const SHOTS_DIR = path.resolve(import.meta.dirname, '../.artifacts');

/**
 * For voice calls: a fake microphone (a tone) that needs no permission prompt, WebRTC over loopback
 * with real host candidates, and audio that may play without a click.
 */
export const FAKE_MEDIA_FLAGS = [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--allow-loopback-in-peer-connection',
  '--disable-features=WebRtcHideLocalIpsWithMdns',
  '--autoplay-policy=no-user-gesture-required',
];

export async function launchBrowser(extraFlags: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...FLAGS, ...extraFlags], headless: true });
}

/** A fresh, isolated browser profile (cookies, storage) for one person. */
export async function newPerson(
  browser: Browser,
  baseUrl: string,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  const page = await context.newPage();
  return { context, page };
}

/** A person already signed in: the browser holds the cookie the app sets at sign-in. */
export async function signedInPerson(browser: Browser, baseUrl: string, token: string, viewport?: { width: number; height: number }) {
  const person = await newPerson(browser, baseUrl, viewport);
  await person.context.addCookies([{ name: 'accessToken', value: token, url: baseUrl }]);
  return person;
}

/** Whether journeys take screenshots: `E2E_SHOTS=1 npm run test:e2e`. Nobody looks at them in `npm test` or CI. */
export const SHOTS = Boolean(process.env.E2E_SHOTS);

/**
 * Saves a screenshot under e2e/.artifacts for people to look at (the viewport only, for what floats
 * over a page, like a dialog), when SHOTS is on; otherwise does nothing.
 */
export async function shot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  if (!SHOTS) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage });
}

export function tempDir(prefix: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Waits until the page's live socket is up, so server events reach it. Generous: on a loaded CI
 * machine the first connection (session check, presence) can take seconds.
 */
export async function socketConnected(page: Page) {
  await expect.poll(() => page.locator('[data-socket-status="connected"]').count(), { timeout: 15_000 }).toBe(1);
}

/** Waits until no animation runs (a drawer sliding in, a dialog popping up), so a screenshot shows it in place. */
export const animationsDone = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length), { timeout: 10_000 })
    .toBe(0);

/** The pictures on the page have arrived and decoded (a broken one has no width). */
export const imagesLoaded = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0)), { timeout: 10_000 })
    .toBe(true);

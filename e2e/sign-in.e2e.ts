import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPerson, shot } from './support/browser';
import { codeMailedTo } from './support/mail';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const DAY = 86_400;
const PASSWORD = 'Journey!Pass1';

async function register(page: Page, who: { name: string; username: string; email: string }) {
  await page.goto('/auth/register');
  await page.getByLabel('Name', { exact: true }).fill(who.name);
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/auth\/verify/);
}

async function signIn(page: Page, email: string, keepLogin: boolean) {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const keep = page.getByLabel('Keep me signed in');
  if ((await keep.isChecked()) !== keepLogin) await keep.click();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
}

const liveSockets = async () => (await server.ctx.io().fetchSockets()).length;

it('registers, confirms the code from the mail, signs in for a year, and signs out to the login page', async () => {
  const { context, page } = await newPerson(browser, server.baseUrl);
  const who = { name: 'Ada Lovelace', username: 'ada_l', email: 'ada@example.test' };
  await register(page, who);
  await shot(page, 'verify');

  const code = await codeMailedTo(server, who.email);
  await expect.poll(() => page.getByLabel('E-mail').inputValue()).toBe(who.email);
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/auth\/login/);

  await signIn(page, who.email, true);
  const cookie = (await context.cookies()).find((c) => c.name === 'accessToken');
  expect(cookie).toBeDefined();
  const lifetime = cookie!.expires - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(364 * DAY);
  expect(lifetime).toBeLessThan(366 * DAY);
  expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBe('yes');

  // A protected page, and the live link once signed in.
  await page.goto('/account/profile');
  await expect.poll(() => page.getByLabel('Username').inputValue()).toBe(who.username);
  await expect.poll(() => page.locator('[data-socket-status]').getAttribute('data-socket-status')).toBe('connected');
  expect(await liveSockets()).toBe(1);
  await shot(page, 'profile');

  await page.getByRole('button', { name: new RegExp(who.name) }).click();
  await page
    .getByRole('menuitem', { name: 'Sign out' })
    .or(page.getByRole('button', { name: 'Sign out' }))
    .first()
    .click();
  await page.waitForURL(/\/auth\/login/);
  expect((await context.cookies()).find((c) => c.name === 'accessToken')).toBeUndefined();
  expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBeNull();
  await expect.poll(liveSockets).toBe(0);
  await context.close();
});

it('without keep-login the token lives in a browser-session cookie', async () => {
  const { context, page } = await newPerson(browser, server.baseUrl);
  const who = { name: 'Grace Hopper', username: 'grace_h', email: 'grace@example.test' };
  await register(page, who);
  await page.getByLabel('Code').fill(await codeMailedTo(server, who.email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/auth\/login/);

  await signIn(page, who.email, false);
  const cookie = (await context.cookies()).find((c) => c.name === 'accessToken');
  expect(cookie?.expires).toBe(-1);
  await context.close();
});

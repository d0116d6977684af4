import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { users } from '../apps/server/src/db/schema';
import { createMember } from '../apps/server/src/test-support/factories';
import { newPerson, shot } from './support/browser';
import { journeyWorld } from './support/world';

const world = journeyWorld();

const PHONE = { width: 390, height: 844 };
const tokenCookie = (token: string) => ({ name: 'accessToken', value: token, url: world.server.baseUrl });
const scrollTop = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** True when the whole element lies inside the visible part of the window. */
const inView = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

it('"Join as a creator" opens the sign-up with Creator chosen and in view, and signs up a creator', async () => {
  const { context, page } = await newPerson(world.browser, world.server.baseUrl, PHONE);
  await page.goto('/');
  const join = page.getByRole('link', { name: 'Join as a creator' });
  await join.scrollIntoViewIfNeeded();
  await join.click();
  await page.waitForURL(/\/auth\/register/);

  await expect.poll(() => page.getByRole('radio', { name: /Creator/ }).isChecked()).toBe(true);
  expect(await page.getByRole('radio', { name: /Member/ }).isChecked()).toBe(false);
  expect(await inView(page, 'fieldset')).toBe(true);
  await shot(page, 'navigation-join-as-creator-390');

  await page.getByLabel('Name', { exact: true }).pressSequentially('Clara Creator');
  await page.getByLabel('Username').pressSequentially('clara_creates');
  await page.getByLabel('E-mail').pressSequentially('clara@example.test');
  await page.getByLabel('Password', { exact: true }).pressSequentially('Journey!Pass1');
  await page.getByLabel('I am 18 or older').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/auth\/verify/);
  const [created] = await world.server.ctx.db.select({ type: users.type }).from(users).where(eq(users.email, 'clara@example.test'));
  expect(created?.type).toBe('model');
  await context.close();
});

it('a new page opens at its top, and going back returns to where the person was', async () => {
  const { context, page } = await newPerson(world.browser, world.server.baseUrl);
  await page.goto('/');
  const join = page.getByRole('link', { name: 'Join as a creator' });
  await join.scrollIntoViewIfNeeded();
  const before = await scrollTop(page);
  expect(before).toBeGreaterThan(300);

  await join.click();
  await page.waitForURL(/\/auth\/register/);
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  expect(await scrollTop(page)).toBe(0);

  await page.goBack();
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(() => scrollTop(page)).toBe(before);
  await context.close();
});

it('the sign-in page opened while signed in goes on to the page it was asked for', async () => {
  const member = await createMember(world.server);
  const { context, page } = await newPerson(world.browser, world.server.baseUrl);
  await context.addCookies([tokenCookie(member.token)]);

  await page.goto('/auth/login?next=/tokens');
  await page.waitForURL((url) => url.pathname === '/tokens');
  expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(0);

  await page.goto('/auth/register');
  await page.waitForURL((url) => url.pathname === '/');
  expect(await page.getByRole('button', { name: 'Create account' }).count()).toBe(0);
  await context.close();
});

it('a toast speaks in the page font and keeps its close button inside, on the right', async () => {
  const { context, page } = await newPerson(world.browser, world.server.baseUrl);
  await page.goto('/auth/verify?email=toast%40example.test');
  await page.getByRole('button', { name: 'Send a new code' }).click();
  const toast = page.locator('[data-sonner-toast]').first();
  await toast.waitFor();
  await page.waitForTimeout(500); // the toast slides in
  const looks = await toast.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const close = element.querySelector('[data-close-button]')!.getBoundingClientRect();
    return {
      font: getComputedStyle(element).fontFamily,
      pageFont: getComputedStyle(document.body).fontFamily,
      closeInside: close.left >= box.left && close.right <= box.right && close.top >= box.top && close.bottom <= box.bottom,
      closeOnTheRight: close.left > box.left + box.width / 2,
    };
  });
  await shot(page, 'navigation-toast');
  expect(looks.font).toBe(looks.pageFont);
  expect(looks.closeInside).toBe(true);
  expect(looks.closeOnTheRight).toBe(true);
  await context.close();
});

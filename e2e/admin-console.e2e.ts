import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { mailOutbox, payments, tokenPackages } from '../apps/server/src/db/schema';
import { TEST_PASSWORD, createAdmin, createMember, createModel } from '../apps/server/src/test-support/factories';
import { newPerson, shot } from './support/browser';
import { journeyWorld } from './support/world';

const world = journeyWorld();

const PHONE = { width: 390, height: 844 };
const SECTIONS = [
  'Models',
  'Members',
  'Token packages',
  'Payments',
  'Earnings',
  'Invoices',
  'Sell items',
  'Calls',
  'Messages',
  'Settings',
  'Menus',
  'Mail outbox',
  'Audit log',
  'Overview',
];

/** An SMTP failure as relays really write them: long, with an unbroken address and a stack. */
const LONG_ERROR =
  'SMTP 554 5.7.1 Message rejected by relay smtp-relay.mail-provider.example.test: the sending domain is not aligned with ' +
  'the envelope sender; see https://mail-provider.example.test/troubleshooting/delivery-errors/authentication/dmarc-alignment-failed-for-this-sender-and-domain-combination ' +
  'for details. '.repeat(3) +
  'x'.repeat(160);

const LONG_FAILURE = `Processing error from the card processor: ${'the gateway answered with an unexpected response code '.repeat(4)}(E00027).`;

async function signInAs(page: Page, email: string) {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
}

/** How far the page, and every table box on it, would scroll sideways (0 when nothing does). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const boxes = [document.documentElement, ...document.querySelectorAll<HTMLElement>('.ui-table__scroll')];
    return Math.max(...boxes.map((box) => box.scrollWidth - box.clientWidth));
  });

/** How far the page itself would scroll sideways (a table may still scroll inside its own box on a phone). */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const leftEdge = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!.x;

it('an administrator signs in and lands on the admin overview, not on a member dashboard', async () => {
  const admin = await createAdmin(world.server, { name: 'Ada Admin' });
  await createModel(world.server, { name: 'Waiting Model', modelStatus: 'pending' });
  await createMember(world.server, { name: 'Plain Member' });

  const { context, page } = await newPerson(world.browser, world.server.baseUrl);
  await signInAs(page, admin.user.email);

  await page.waitForURL(/\/admin$/);
  await expect.poll(() => page.getByRole('heading', { name: 'Overview', level: 1 }).isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await page.getByText('Top up your tokens').count()).toBe(0);
  expect(await page.getByText('Member', { exact: true }).count()).toBe(0);

  // The counts come from the admin routes: one model waits; the three accounts made here (and any earlier).
  const waiting = page.getByRole('link', { name: /Models waiting for approval/ });
  await expect.poll(() => waiting.textContent(), { timeout: 10_000 }).toMatch(/^1\s*Models waiting for approval/);
  await shot(page, 'admin-overview-1280');

  // Home goes to the overview too.
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await page.waitForURL(/\/admin$/);

  await waiting.click();
  await page.waitForURL(/\/admin\/models$/);
  await expect.poll(() => page.getByText('Waiting Model').first().isVisible(), { timeout: 10_000 }).toBe(true);
  await context.close();

  const phone = await newPerson(world.browser, world.server.baseUrl, PHONE);
  await phone.context.addCookies([{ name: 'accessToken', value: admin.token, url: world.server.baseUrl }]);
  await phone.page.goto('/');
  await phone.page.waitForURL(/\/admin$/);
  await expect.poll(() => phone.page.getByRole('heading', { name: 'Overview', level: 1 }).isVisible(), { timeout: 10_000 }).toBe(true);
  await shot(phone.page, 'admin-overview-390');
  await phone.context.close();
});

it('admin tables fit at 1280 wide with a very long mail error and payment failure, and line up with the top bar', async () => {
  const admin = await createAdmin(world.server);
  const buyer = await createMember(world.server, { name: 'Card Holder' });
  await world.server.ctx.db.insert(mailOutbox).values({
    toAddress: 'someone-with-a-rather-long-address@example.test',
    subject: 'Confirm your e-mail address',
    textBody: 'not shown',
    template: 'verify-email',
    status: 'failed',
    attempts: 5,
    lastError: LONG_ERROR,
  });
  const [pack] = await world.server.ctx.db.insert(tokenPackages).values({ name: 'Starter', tokens: 10_000, priceCents: 999 }).returning();
  await world.server.ctx.db.insert(payments).values({
    userId: buyer.user.id,
    packageId: pack!.id,
    provider: 'sandbox',
    status: 'error',
    idempotencyKey: randomUUID(),
    amountCents: 999,
    tokens: 10_000,
    packageName: 'Starter',
    cardBrand: 'Visa',
    cardLast4: '0119',
    failureMessage: LONG_FAILURE,
  });

  const { context, page } = await newPerson(world.browser, world.server.baseUrl);
  await context.addCookies([{ name: 'accessToken', value: admin.token, url: world.server.baseUrl }]);

  await page.goto('/admin/outbox');
  const error = page.getByText(LONG_ERROR.slice(0, 40));
  await expect.poll(() => error.first().isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  // The whole error stays reachable: on hover (title) and in the expanded cell.
  expect(await error.first().getAttribute('title')).toBe(LONG_ERROR);
  await shot(page, 'admin-outbox-1280');
  await page.getByRole('button', { name: 'Show the whole error' }).first().click();
  await expect.poll(() => page.getByText(LONG_ERROR).first().isVisible()).toBe(true);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await shot(page, 'admin-outbox-expanded-1280');

  // The admin column starts where the top bar's content starts.
  expect(Math.abs((await leftEdge(page, '.admin')) - (await leftEdge(page, '.topbar__inner')))).toBeLessThanOrEqual(1);
  expect(Math.abs((await leftEdge(page, '.admin-nav')) - (await leftEdge(page, '.topbar__brand')))).toBeLessThanOrEqual(1);

  await page.goto('/admin/payments');
  await expect.poll(() => page.getByText('Card Holder').first().isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await page.getByText(LONG_FAILURE.slice(0, 40)).first().getAttribute('title')).toBe(LONG_FAILURE);
  await shot(page, 'admin-payments-1280');

  for (const section of ['/admin/members', '/admin/models?status=all', '/admin/invoices', '/admin/packages', '/admin/menus']) {
    await page.goto(section);
    await page.waitForLoadState('networkidle');
    expect(await sidewaysOverflow(page), section).toBeLessThanOrEqual(0);
  }
  await context.close();
});

it('every admin section can be reached on a phone without scrolling sideways', async () => {
  const admin = await createAdmin(world.server);
  const { context, page } = await newPerson(world.browser, world.server.baseUrl, PHONE);
  await context.addCookies([{ name: 'accessToken', value: admin.token, url: world.server.baseUrl }]);
  await page.goto('/admin/outbox');
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await expect.poll(() => nav.isVisible(), { timeout: 10_000 }).toBe(true);

  for (const label of SECTIONS) {
    const link = nav.getByRole('link', { name: label, exact: true });
    const box = await link.boundingBox({ timeout: 5_000 });
    expect(box, label).not.toBeNull();
    expect(box!.x, label).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, label).toBeLessThanOrEqual(PHONE.width);
  }
  expect(await nav.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  await shot(page, 'admin-outbox-390');

  await nav.getByRole('link', { name: 'Menus', exact: true }).click();
  await page.waitForURL(/\/admin\/menus$/);
  await expect.poll(() => nav.getByRole('link', { name: 'Menus', exact: true }).getAttribute('aria-current')).toBe('page');
  await page.goto('/admin/payments');
  await page.waitForLoadState('networkidle');
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await shot(page, 'admin-payments-390');
  await context.close();
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createMember } from '../apps/server/src/test-support/factories';
import { launchBrowser, newPerson, shot } from './support/browser';
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

it('buys a token package with the sandbox card, sees the balance change in the top bar and the invoice in the list', async () => {
  const member = await createMember(server, { name: 'Ada Buyer' });
  const { context, page } = await newPerson(browser, server.baseUrl);
  await context.addCookies([{ name: 'accessToken', value: member.token, url: server.baseUrl }]);

  await page.goto('/tokens');
  // By class, not role: while the checkout dialog is open the page behind it is hidden from the
  // accessibility tree, but the chip is still on screen.
  const chip = page.locator('.balance-chip__amount');
  await expect.poll(() => chip.textContent()).toBe('0.00');

  const starter = page
    .locator('article, section, div')
    .filter({ has: page.getByText('Starter', { exact: true }) })
    .filter({ has: page.getByRole('button', { name: 'Buy' }) })
    .last();
  await starter.getByRole('button', { name: 'Buy' }).click();
  const checkout = page.getByRole('dialog');
  await checkout.getByLabel('Card number').fill('4111 1111 1111 1111');
  await checkout.getByLabel('Expiry').fill('12/30');
  await checkout.getByLabel('Security code').fill('123');
  await checkout.getByLabel('Name on card').fill('Ada Buyer');
  await checkout.getByRole('button', { name: /^Pay \$9\.99/ }).click();

  // The chip follows the purchase (answer and socket event) without a reload.
  await expect.poll(() => chip.textContent(), { timeout: 15_000 }).toBe('100.00');
  await shot(page, 'tokens-bought');

  // Exactly one credit, one payment, one invoice on the server.
  const me = await server.request('GET', '/api/users/me', { token: member.token });
  expect(me.body.data.balance).toBe(100);
  const invoices = await server.request('GET', '/api/invoice', { token: member.token });
  expect(invoices.body.data.count).toBe(1);

  await page.goto('/invoices');
  const number = invoices.body.data.items[0].number as string;
  await expect.poll(() => page.getByText(number).count()).toBeGreaterThan(0);
  await expect.poll(() => page.getByText('$9.99').first().isVisible()).toBe(true);
  await shot(page, 'invoices');
  await context.close();
});

it('a declined card says why and credits nothing', async () => {
  const member = await createMember(server);
  const { context, page } = await newPerson(browser, server.baseUrl);
  await context.addCookies([{ name: 'accessToken', value: member.token, url: server.baseUrl }]);
  await page.goto('/tokens');

  await page.getByRole('button', { name: 'Buy' }).first().click();
  const checkout = page.getByRole('dialog');
  await checkout.getByLabel('Card number').fill('4000 0000 0000 0002');
  await checkout.getByLabel('Expiry').fill('12/30');
  await checkout.getByLabel('Security code').fill('123');
  await checkout.getByLabel('Name on card').fill('Decline Person');
  await checkout.getByRole('button', { name: /^Pay / }).click();

  await expect
    .poll(
      () =>
        checkout
          .getByText(/declined/i)
          .first()
          .isVisible(),
      { timeout: 15_000 },
    )
    .toBe(true);
  expect(await page.locator('.balance-chip__amount').textContent()).toBe('0.00');
  expect((await server.request('GET', '/api/users/me', { token: member.token })).body.data.balance).toBe(0);
  expect((await server.request('GET', '/api/invoice', { token: member.token })).body.data.count).toBe(0);
  await context.close();
});

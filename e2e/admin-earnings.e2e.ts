import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createAdmin, createMember, createModel, giveTokens } from '../apps/server/src/test-support/factories';
import { shot } from './support/browser';
import { journeyWorld } from './support/world';

/**
 * Admin › Earnings (docs/product.md#earnings-for-administrators): an administrator reads every
 * model's sales with their totals, narrows them to one model and one source, at 1280 and on a phone.
 */
const world = journeyWorld();

const PHONE = { width: 390, height: 844 };

/** How far the page, and every table box on it, would scroll sideways (0 when nothing does). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const boxes = [document.documentElement, ...document.querySelectorAll<HTMLElement>('.ui-table__scroll')];
    return Math.max(...boxes.map((box) => box.scrollWidth - box.clientWidth));
  });

const tip = async (token: string, modelId: string, amount: number, note?: string) => {
  const res = await world.server.request('POST', '/api/share-love/create', {
    token,
    body: { modelId, amount, idempotencyKey: randomUUID(), ...(note ? { note } : {}) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
};

const total = (page: Page, key: 'gross' | 'commission' | 'net') => page.getByTestId(`earnings-total-${key}`).innerText();

it('an administrator reads every model’s earnings with their totals, and narrows them to one model and source', async () => {
  const admin = await createAdmin(world.server, { name: 'Ada Admin' });
  const mia = await createModel(world.server, { name: 'Mia Maker', username: 'mia_earns' });
  const theo = await createModel(world.server, { name: 'Theo Tutor', username: 'theo_earns' });
  const ben = await createMember(world.server, { name: 'Ben Buyer', username: 'ben_buyer' });
  await giveTokens(world.server, ben.user.id, 500);
  await tip(ben.token, mia.user.id, 25, 'Loved the live session, thank you!');
  await tip(ben.token, mia.user.id, 12.5);
  await tip(ben.token, theo.user.id, 100);
  // An item sale, refunded: a negative row nets it out.
  const sale = await world.server.ctx.ledger.transferWithCommission({
    payerId: ben.user.id,
    modelId: theo.user.id,
    gross: 4_000,
    source: 'item',
    idempotencyKey: randomUUID(),
    memo: 'Item',
  });
  await world.server.ctx.ledger.refund({ transactionId: sale.transactionId, idempotencyKey: randomUUID(), memo: 'Refund' });

  const { context, page } = await world.signedIn(admin.token);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Earnings', exact: true }).click();
  await page.waitForURL(/\/admin\/earnings$/);
  await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(5);
  // 20 % commission: 25 + 12.50 + 100 paid; the refunded item nets out.
  expect(await total(page, 'gross')).toBe('137.50 tokens');
  expect(await total(page, 'commission')).toBe('27.50 tokens');
  expect(await total(page, 'net')).toBe('110.00 tokens');
  const first = page.locator('tbody tr').first();
  expect(await first.innerText()).toContain('Item refund');
  expect(await page.locator('tbody tr', { hasText: 'Loved the live session' }).innerText()).toContain('@ben_buyer');
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await shot(page, 'admin-earnings-1280');

  await page.getByLabel('Search models').fill('mia');
  await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(2);
  expect(await total(page, 'net')).toBe('30.00 tokens');
  await page.getByLabel('Source').selectOption('item');
  await page.getByText('No earnings match these filters').waitFor({ timeout: 10_000 });
  expect(await total(page, 'net')).toBe('0.00 tokens');
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(5);
  await context.close();

  // ---- on a phone: the rows become cards ------------------------------------------------------------
  const phone = await world.signedIn(admin.token, PHONE);
  await phone.page.goto('/admin/earnings');
  await expect.poll(() => phone.page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(5);
  // Polled: the rows can be counted a frame before the page's stylesheet has laid them out as cards
  // (once seen on CI, 720 px wide at the first look).
  await expect
    .poll(() => phone.page.locator('thead').evaluate((head) => head.getBoundingClientRect().width), { timeout: 10_000 })
    .toBeLessThanOrEqual(1);
  expect(await sidewaysOverflow(phone.page)).toBeLessThanOrEqual(0);
  await shot(phone.page, 'admin-earnings-390');
  await phone.context.close();
});

import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { createAdmin, createMember, createModel } from '../apps/server/src/test-support/factories';
import { createItem, uploadMedia, type Kind } from '../apps/server/src/modules/marketplace/tests/helpers';
import { animationsDone, imagesLoaded, shot } from './support/browser';
import { journeyWorld } from './support/world';

/**
 * Admin › Sell items (docs/product.md#marketplace): an administrator finds a model's item, hides it
 * from the store with a reason, and a member no longer sees it; the audit log has the hide; restoring
 * puts it back. At 1280 and on a phone.
 */
const world = journeyWorld();

const PHONE = { width: 390, height: 844 };
const ITEM = 'Harbour lights at dusk';
const REASON = 'The photo shows a person who did not agree to be in it.';

const signedIn = (token: string, viewport?: { width: number; height: number }) => world.signedIn(token, viewport);

/** Puts an item on sale through the API, as the model's Add item dialog does. */
async function onSale(token: string, kind: Kind, name: string, price: number, description = '') {
  const { media } = await uploadMedia(world.server, token, kind);
  const res = await createItem(world.server, token, { mediaId: media._id, name, description, price });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string };
}

/** How far the page, and every table box on it, would scroll sideways (0 when nothing does). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const boxes = [document.documentElement, ...document.querySelectorAll<HTMLElement>('.ui-table__scroll')];
    return Math.max(...boxes.map((box) => box.scrollWidth - box.clientWidth));
  });

/** The member's view of the model's store: the item's card, or none. */
const storeCard = (page: Page): Locator => page.getByRole('region', { name: 'Store' }).getByRole('listitem', { name: ITEM });

async function storeShows(page: Page, expected: number) {
  await page.goto('/models/mia_items');
  await page.getByRole('region', { name: 'Store' }).waitFor({ timeout: 10_000 });
  await expect.poll(() => storeCard(page).count(), { timeout: 10_000 }).toBe(expected);
}

it('an administrator hides an item from the store with a reason, the member no longer sees it, and restoring brings it back', async () => {
  const admin = await createAdmin(world.server, { name: 'Ada Admin' });
  const model = await createModel(world.server, { name: 'Mia Maker', username: 'mia_items' });
  const other = await createModel(world.server, { name: 'Theo Tutor', username: 'theo_tutor' });
  const member = await createMember(world.server, { name: 'Ben Buyer' });
  await onSale(model.token, 'photo', ITEM, 12.5, 'Long exposure over the old harbour, full resolution, no watermark.');
  await onSale(other.token, 'file', 'Lighting cheat sheet', 4, 'A one-page PDF: key, fill and rim light for small rooms.');
  await onSale(other.token, 'photo', 'Studio portrait, soft light', 1_250);

  // ---- the member sees it in the model's store -------------------------------------------------------
  const fan = await signedIn(member.token);
  await storeShows(fan.page, 1);

  // ---- the administrator finds it ----------------------------------------------------------------------
  const { context, page } = await signedIn(admin.token);
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await nav.getByRole('link', { name: 'Sell items', exact: true }).click();
  await page.waitForURL(/\/admin\/items$/);
  await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(3);
  const row = page.locator('tbody tr', { hasText: ITEM });
  expect(await row.innerText()).toContain('12.50 tokens');
  expect(await row.innerText()).toContain('@mia_items');
  expect(await row.getByText('Listed', { exact: true }).isVisible()).toBe(true);
  // A file has no picture: its kind's icon stands in.
  expect(await page.locator('tbody tr', { hasText: 'Lighting cheat sheet' }).getByRole('img', { name: 'File' }).isVisible()).toBe(true);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await imagesLoaded(page);
  await shot(page, 'admin-items-1280');

  // Typed key by key, as a person does: the list follows once typing pauses.
  await page.getByLabel('Search items').pressSequentially(ITEM, { delay: 15 });
  await page.waitForURL((url) => url.searchParams.get('q') === ITEM);
  await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(1);
  await page.getByRole('button', { name: ITEM }).click();
  const drawer = page.getByRole('dialog', { name: ITEM });
  await drawer.getByText('Photo by @mia_items · 12.50 tokens').waitFor({ timeout: 5_000 });
  await animationsDone(page);
  await imagesLoaded(page);
  await shot(page, 'admin-item-drawer-1280', { fullPage: false });

  // ---- hides it with a reason ---------------------------------------------------------------------------
  await drawer.getByRole('button', { name: 'Hide from store' }).click();
  const hide = page.getByRole('dialog', { name: `Hide “${ITEM}” from the store?` });
  await hide.waitFor({ timeout: 5_000 });
  // Nothing typed: the reason is asked for under the field, and nothing is sent.
  await hide.getByRole('button', { name: 'Hide from store' }).click();
  await hide.getByText('Say why the item is hidden').waitFor({ timeout: 5_000 });
  await hide.getByLabel('Reason').pressSequentially(REASON, { delay: 10 });
  expect(await hide.getByText(`${REASON.length}/500`).isVisible()).toBe(true);
  expect(await hide.getByText('Say why the item is hidden').count()).toBe(0);
  await animationsDone(page);
  await shot(page, 'admin-item-hide-1280', { fullPage: false });
  await hide.getByRole('button', { name: 'Hide from store' }).click();

  await expect.poll(() => page.getByText('Hidden from the store.', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => hide.count(), { timeout: 5_000 }).toBe(0);
  await drawer.getByText('Hidden from the store', { exact: true }).waitFor({ timeout: 5_000 });
  expect(await drawer.getByText(REASON).isVisible()).toBe(true);
  expect(await drawer.getByRole('button', { name: 'Restore to store' }).isVisible()).toBe(true);
  await animationsDone(page);
  await shot(page, 'admin-item-drawer-hidden-1280', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect.poll(() => drawer.count()).toBe(0);
  // The row says it, with the reason.
  await expect.poll(() => row.getByText('Hidden', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await row.getByText(REASON).isVisible()).toBe(true);
  await expect.poll(() => page.getByText('Hidden from the store.', { exact: true }).count(), { timeout: 15_000 }).toBe(0);
  await shot(page, 'admin-items-hidden-1280');

  // ---- the member reloads the store: it is gone -----------------------------------------------------------
  await storeShows(fan.page, 0);

  // ---- the audit log has the hide ------------------------------------------------------------------------
  await nav.getByRole('link', { name: 'Audit log', exact: true }).click();
  await page.waitForURL(/\/admin\/audit$/);
  const entry = page.locator('tbody tr', { hasText: 'item.hide' });
  await expect.poll(() => entry.count(), { timeout: 10_000 }).toBe(1);
  expect(await entry.innerText()).toContain(admin.user.email);
  expect(await entry.getByText('Hid sell item').isVisible()).toBe(true);
  expect(await entry.getByText('Sell item', { exact: true }).isVisible()).toBe(true);
  expect(await entry.getByRole('listitem').allInnerTexts()).toEqual(['status: listed → hidden', `hiddenReason: — → ${REASON}`]);

  // ---- restoring puts it back ----------------------------------------------------------------------------
  await page.goBack();
  await page.waitForURL(/\/admin\/items\?/);
  await page.getByRole('button', { name: 'Hidden', exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get('status') === 'hidden');
  await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(1);
  await page.getByRole('button', { name: ITEM }).click();
  await drawer.getByRole('button', { name: 'Restore to store' }).click();
  const restore = page.getByRole('dialog', { name: `Put “${ITEM}” back in the store?` });
  await restore.getByRole('button', { name: 'Restore to store' }).click();
  await expect.poll(() => page.getByText('Back in the store.', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
  await drawer.getByRole('button', { name: 'Hide from store' }).waitFor({ timeout: 5_000 });
  await page.keyboard.press('Escape');
  // Under "Hidden" nothing matches any more.
  await expect.poll(() => page.getByText(`No items match “${ITEM}”`).isVisible(), { timeout: 10_000 }).toBe(true);

  await storeShows(fan.page, 1);
  await fan.context.close();
  await context.close();

  // ---- on a phone -------------------------------------------------------------------------------------------
  const phone = await signedIn(admin.token, PHONE);
  await phone.page.goto('/admin/items');
  await expect.poll(() => phone.page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(3);
  // Each item is a card of labelled lines: nothing, not even the table, scrolls sideways.
  expect(await sidewaysOverflow(phone.page)).toBeLessThanOrEqual(0);
  await imagesLoaded(phone.page);
  await shot(phone.page, 'admin-items-390');

  await phone.page.getByRole('button', { name: ITEM }).click();
  const phoneDrawer = phone.page.getByRole('dialog', { name: ITEM });
  await phoneDrawer.getByRole('button', { name: 'Hide from store' }).click();
  const phoneHide = phone.page.getByRole('dialog', { name: /^Hide/ });
  await phoneHide.getByLabel('Reason').pressSequentially(REASON, { delay: 5 });
  await animationsDone(phone.page);
  expect(await sidewaysOverflow(phone.page)).toBeLessThanOrEqual(0);
  await shot(phone.page, 'admin-item-hide-390', { fullPage: false });
  await phoneHide.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => phoneHide.count()).toBe(0);
  await animationsDone(phone.page);
  await imagesLoaded(phone.page);
  await shot(phone.page, 'admin-item-drawer-390', { fullPage: false });
  await phone.context.close();
});

import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { createMember, createModel, giveTokens } from '../apps/server/src/test-support/factories';
import { newPerson, shot } from './support/browser';
import { journeyWorld } from './support/world';

const world = journeyWorld();

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const balanceOf = async (token: string) => (await world.server.request('GET', '/api/users/me', { token })).body.data.balance as number;

/** The preview picture arrived (it is the public preview, not the original). */
const imageShown = (img: Locator) => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);

/** A dialog has finished fading in, so its picture is the one people see. */
const settled = (page: Page) =>
  expect.poll(() => page.getByRole('dialog').evaluate((dialog) => getComputedStyle(dialog).opacity), { timeout: 5_000 }).toBe('1');

/** Both sizes of one page, from its top, for people to look at. */
async function shotBoth(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  for (const [size, suffix] of [
    [DESKTOP, ''],
    [PHONE, '-phone'],
  ] as const) {
    await page.setViewportSize(size);
    if (options.fullPage !== false) await page.evaluate(() => window.scrollTo(0, 0));
    else await settled(page);
    await shot(page, `${name}${suffix}`, options);
  }
  await page.setViewportSize(DESKTOP);
}

/** The "Net earnings" total on /earnings, as the model reads it. */
async function netEarnings(page: Page) {
  await page.goto('/earnings');
  const net = page.locator('.earnings-total--net .earnings-total__value');
  await net.waitFor({ timeout: 10_000 });
  return (await net.textContent())!.trim();
}

it('a model lists a photo in her store, a member buys it on her profile and downloads the very file; nobody else gets it', async () => {
  const model = await createModel(world.server, { name: 'Mia Maker', username: 'mia_store' });
  const buyer = await createMember(world.server, { name: 'Ben Buyer' });
  const stranger = await createMember(world.server, { name: 'Eve Else' });
  await giveTokens(world.server, buyer.user.id, 100);

  // A GIF photo: photos in other formats are re-encoded to drop their EXIF, GIFs are kept as sent,
  // so the buyer's download can be compared byte for byte with what the model uploaded.
  const photo = await sharp({ create: { width: 480, height: 360, channels: 3, background: { r: 250, g: 150, b: 70 } } })
    .gif()
    .toBuffer();

  // ---- the model puts it on sale through /store --------------------------------------------------
  const seller = await newPerson(world.browser, world.server.baseUrl);
  await seller.context.addCookies([{ name: 'accessToken', value: model.token, url: world.server.baseUrl }]);
  const sellerPage = seller.page;
  expect(await netEarnings(sellerPage)).toBe('0.00 tokens');

  await sellerPage.goto('/store');
  await sellerPage.getByText('Your store is empty').waitFor({ timeout: 10_000 });
  await sellerPage.getByRole('button', { name: 'Add item' }).first().click();
  const addDialog = sellerPage.getByRole('dialog', { name: 'Add item' });
  await sellerPage.getByTestId('item-file-input').setInputFiles({ name: 'golden-hour.gif', mimeType: 'image/gif', buffer: photo });
  await addDialog.getByText('Uploaded').waitFor({ timeout: 15_000 });
  const name = addDialog.getByLabel('Name', { exact: true });
  await name.click();
  await name.press('ControlOrMeta+A');
  await name.pressSequentially('Golden hour at the pier');
  await addDialog.getByLabel('Description (optional)').pressSequentially('Warm light, full resolution.');
  await addDialog.getByLabel('Price', { exact: true }).pressSequentially('12.50');
  await settled(sellerPage);
  await shot(sellerPage, 'store-add-item', { fullPage: false });
  await addDialog.getByRole('button', { name: 'Put on sale' }).click();
  await expect.poll(() => addDialog.count(), { timeout: 10_000 }).toBe(0);

  const listed = sellerPage.getByRole('list', { name: 'Your items' }).getByRole('listitem', { name: 'Golden hour at the pier' });
  await listed.waitFor({ timeout: 10_000 });
  expect(await listed.textContent()).toContain('12.50 tokens');
  expect(await listed.textContent()).toContain('No sales yet');
  // Without the toast over the page.
  await sellerPage.reload();
  await expect.poll(() => imageShown(listed.getByRole('img')), { timeout: 10_000 }).toBe(true);
  await shotBoth(sellerPage, 'store-page');

  const [mine] = (await world.server.request('GET', '/api/sell-item/me', { token: model.token })).body.data.items as {
    _id: string;
    mediaId: string;
  }[];

  // ---- a member buys it on the profile -----------------------------------------------------------
  const fan = await newPerson(world.browser, world.server.baseUrl);
  await fan.context.addCookies([{ name: 'accessToken', value: buyer.token, url: world.server.baseUrl }]);
  const fanPage = fan.page;
  await fanPage.goto('/models/mia_store');
  const storeSection = fanPage.getByRole('region', { name: 'Store' });
  const card = storeSection.getByRole('listitem', { name: 'Golden hour at the pier' });
  await card.waitFor({ timeout: 10_000 });
  expect(await card.getByText('Warm light, full resolution.').isVisible()).toBe(true);
  await expect.poll(() => imageShown(card.getByRole('img')), { timeout: 10_000 }).toBe(true);
  // Not hers yet: the preview is blurred and says so (issue #28).
  expect(await card.getByRole('img').getAttribute('alt')).toBe('Golden hour at the pier, blurred until bought');
  expect(await card.getByText('Clear once bought').isVisible()).toBe(true);
  expect(await card.getByRole('img').getAttribute('src')).toBe(`/api/sell-item/${mine!._id}/preview`);
  await shotBoth(fanPage, 'store-profile');

  await card.getByRole('button', { name: 'Buy Golden hour at the pier' }).click();
  const buyDialog = fanPage.getByRole('dialog', { name: 'Buy Golden hour at the pier' });
  await buyDialog.getByText('Your balance after: 87.50 tokens').waitFor({ timeout: 5_000 });
  await shotBoth(fanPage, 'store-buy-dialog', { fullPage: false });
  await buyDialog.getByRole('button', { name: 'Buy for 12.50 tokens' }).click();
  await fanPage.getByText('Purchased item success').waitFor({ timeout: 10_000 });
  // Purchased in place, and the balance chip follows.
  await card.getByText('Purchased').waitFor({ timeout: 5_000 });
  expect(await card.getByRole('button', { name: /^Buy/ }).count()).toBe(0);
  await fanPage.getByRole('link', { name: 'Balance: 87.50 tokens. Buy tokens' }).waitFor({ timeout: 5_000 });
  expect(await balanceOf(buyer.token)).toBe(87.5);
  await fanPage.getByText('Purchased item success').waitFor({ state: 'detached', timeout: 15_000 });
  // Bought: the clear thumbnail, hers to read, in place of the blur.
  expect(await card.getByRole('img').getAttribute('src')).toBe(`/api/media/${mine!.mediaId}/thumbnail`);
  await expect.poll(() => imageShown(card.getByRole('img')), { timeout: 10_000 }).toBe(true);
  expect(await card.getByText('Clear once bought').count()).toBe(0);
  await shotBoth(fanPage, 'store-profile-purchased');

  // The model earned the price less the default 20 % commission: 12.50 − 2.50.
  expect(await netEarnings(sellerPage)).toBe('10.00 tokens');

  // ---- the download is the very file ------------------------------------------------------------
  await fanPage.goto('/purchases');
  const row = fanPage.getByRole('list', { name: 'Your purchases' }).getByRole('listitem', { name: 'Golden hour at the pier' });
  await row.waitFor({ timeout: 10_000 });
  expect(await row.getByRole('link', { name: 'Mia Maker' }).getAttribute('href')).toBe('/models/mia_store');
  await shotBoth(fanPage, 'store-purchases');
  const [download] = await Promise.all([
    fanPage.waitForEvent('download'),
    row.getByRole('link', { name: 'Download Golden hour at the pier' }).click(),
  ]);
  const saved = await download.path();
  expect(Buffer.compare(await readFile(saved), photo)).toBe(0);

  // ---- a second purchase is refused and charges nothing -------------------------------------------
  const again = await world.server.request('POST', '/api/purchase-item', {
    token: buyer.token,
    body: { sellItemId: mine!._id, price: 12.5 },
  });
  expect(again.status).toBe(409);
  expect(await balanceOf(buyer.token)).toBe(87.5);

  // ---- someone else gets neither the purchase's download nor the media behind it ------------------
  const [purchase] = (await world.server.request('GET', '/api/purchase-item', { token: buyer.token })).body.data.items as { _id: string }[];
  const theirs = await world.server.request('GET', `/api/purchase-item/${purchase!._id}/download/`, { token: stranger.token });
  expect(theirs.status).toBe(404);
  const media = await world.server.request('GET', `/api/media/${mine!.mediaId}/download/`, { token: stranger.token });
  expect(media.status).toBe(404);

  await seller.context.close();
  await fan.context.close();
});

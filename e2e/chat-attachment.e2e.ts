import { expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { createMember, createModel, giveTokens } from '../apps/server/src/test-support/factories';
import { newPerson, shot } from './support/browser';
import { journeyWorld } from './support/world';

const world = journeyWorld();

const balanceOf = async (token: string) => (await world.server.request('GET', '/api/users/me', { token })).body.data.balance as number;
const historyOf = async (conversationId: string, token: string) =>
  (await world.server.request('GET', `/api/messages/${conversationId}`, { token })).body.data as {
    count: number;
    items: { type: string; text: string; price: number; media: { name: string } | null }[];
  };

const attachmentPreview = (page: Page) => page.getByRole('group', { name: /^Attachment/ });

it('a chosen photo waits in the composer with its price until Send; removing it sends and charges nothing', async () => {
  // 2.50 tokens per message (hundredths in the database).
  const model = await createModel(world.server, { name: 'Lena Lens', tokenPerMessage: 250 });
  const member = await createMember(world.server, { name: 'Pat Picture' });
  await giveTokens(world.server, member.user.id, 10);
  const opened = await world.server.request('POST', '/api/conversation', { token: member.token, body: { userId: model.user.id } });
  const conversationId = opened.body.data._id as string;

  const fan = await newPerson(world.browser, world.server.baseUrl);
  await fan.context.addCookies([{ name: 'accessToken', value: member.token, url: world.server.baseUrl }]);
  const { page } = fan;
  await page.goto(`/messages/${conversationId}`);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();

  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 240, g: 140, b: 60 } } })
    .png()
    .toBuffer();
  const input = page.getByTestId('attach-input');

  // Choosing shows the photo in the composer, with a way to remove it and the price on Send.
  await input.setInputFiles({ name: 'sunset.png', mimeType: 'image/png', buffer: png });
  const preview = attachmentPreview(page);
  await preview.waitFor({ timeout: 5_000 });
  await expect
    .poll(() => preview.getByRole('img', { name: 'sunset.png' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const send = page.getByRole('button', { name: /^Send/ });
  await expect.poll(() => send.textContent()).toBe('Send · 2.50 tokens');
  await expect.poll(() => send.isEnabled(), { timeout: 10_000 }).toBe(true);
  await shot(page, 'chat-attachment-preview');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'chat-attachment-preview-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Removing it (from the keyboard) sends nothing and charges nothing.
  await preview.getByRole('button', { name: 'Remove sunset.png' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => attachmentPreview(page).count()).toBe(0);
  // Nothing is left to send (a text message would cost the same, so the price stays on Send).
  await expect.poll(() => send.isDisabled()).toBe(true);
  // Give a send that should not happen the time to land.
  await page.waitForTimeout(1_000);
  expect((await historyOf(conversationId, member.token)).count).toBe(0);
  expect(await balanceOf(member.token)).toBe(10);

  // Chosen again, with a caption typed key by key: Send sends one message with both, charged once.
  await input.setInputFiles({ name: 'sunset.png', mimeType: 'image/png', buffer: png });
  await attachmentPreview(page).waitFor({ timeout: 5_000 });
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.click();
  await composer.pressSequentially('Golden hour over the bay', { delay: 20 });
  expect((await historyOf(conversationId, member.token)).count).toBe(0);
  await send.click();

  const sent = page.locator('[data-testid="message"][data-message-id]').filter({ hasText: 'Golden hour over the bay' });
  await expect.poll(() => sent.count(), { timeout: 15_000 }).toBe(1);
  await expect.poll(() => sent.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect.poll(() => attachmentPreview(page).count()).toBe(0);
  expect(await composer.inputValue()).toBe('');

  const history = await historyOf(conversationId, member.token);
  expect(history.count).toBe(1);
  expect(history.items[0]).toMatchObject({ type: 'photo', text: 'Golden hour over the bay', price: 2.5, media: { name: 'sunset.png' } });
  expect(await balanceOf(member.token)).toBe(7.5);
  await shot(page, 'chat-attachment-sent');
  await fan.context.close();
});

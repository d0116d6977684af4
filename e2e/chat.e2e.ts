import { expect, it } from 'vitest';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { createMember } from '../apps/server/src/test-support/factories';
import { userRoom } from '../apps/server/src/platform/socket';
import { shot } from './support/browser';
import { journeyWorld } from './support/world';

const world = journeyWorld();

const messages = (page: Page) => page.locator('[data-testid="message"]');
const messageWithText = (page: Page, text: string) => messages(page).filter({ hasText: text });
const linkIs = (page: Page, status: string) =>
  expect.poll(() => page.locator('[data-socket-status]').getAttribute('data-socket-status'), { timeout: 20_000 }).toBe(status);

/**
 * Drops a member's live link the way a network change does: the browser goes offline (so it cannot
 * reconnect yet) and the server closes its transports (no goodbye packet, so the client will try
 * to reconnect on its own once the network is back).
 */
async function cutLink(context: BrowserContext, userId: string) {
  await context.setOffline(true);
  const sockets = await world.server.ctx.io().in(userRoom(userId)).fetchSockets();
  for (const remote of sockets) world.server.ctx.io().sockets.sockets.get(remote.id)?.conn.close();
}

it('two members chat live: messages, typing, reads and deletions appear in both browsers', async () => {
  const ada = await createMember(world.server, { name: 'Ada Lovelace' });
  const ben = await createMember(world.server, { name: 'Ben Franklin' });
  const opened = await world.server.request('POST', '/api/conversation', { token: ada.token, body: { userId: ben.user.id } });
  expect(opened.status).toBe(201);
  const conversationId = opened.body.data._id as string;

  const [a, b] = await Promise.all([world.signedIn(ada.token), world.signedIn(ben.token)]);
  await Promise.all([a.page.goto(`/messages/${conversationId}`), b.page.goto(`/messages/${conversationId}`)]);
  await Promise.all([linkIs(a.page, 'connected'), linkIs(b.page, 'connected')]);

  // Ada types: Ben sees it before anything is sent.
  const adaComposer = a.page.getByRole('textbox', { name: 'Message' });
  await adaComposer.click();
  await adaComposer.pressSequentially('Hello Ben', { delay: 30 });
  await expect.poll(() => b.page.getByText('Ada Lovelace is typing…').isVisible(), { timeout: 10_000 }).toBe(true);
  await adaComposer.press('Enter');

  // Ben, with the conversation open, sees it at once; having seen it, Ada's bubble says 'Seen'.
  await expect.poll(() => messageWithText(b.page, 'Hello Ben').count(), { timeout: 10_000 }).toBe(1);
  await expect.poll(() => a.page.getByText('Seen').isVisible(), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => b.page.getByText('Ada Lovelace is typing…').isVisible()).toBe(false);

  const benComposer = b.page.getByRole('textbox', { name: 'Message' });
  await benComposer.fill('Hi Ada, good to hear from you');
  await b.page.getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => messageWithText(a.page, 'Hi Ada, good to hear from you').count(), { timeout: 10_000 }).toBe(1);
  await shot(a.page, 'chat-ada');
  await shot(b.page, 'chat-ben');

  // Ada deletes her message: it shows as deleted for both.
  const mine = messageWithText(a.page, 'Hello Ben');
  const messageId = await mine.getAttribute('data-message-id');
  await mine.hover();
  await mine.getByRole('button', { name: /message actions|more/i }).click();
  await a.page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = a.page.getByRole('dialog');
  if (await confirm.isVisible().catch(() => false)) await confirm.getByRole('button', { name: /delete/i }).click();
  const deletedForBen = b.page.locator(`[data-message-id="${messageId}"]`);
  await expect.poll(() => deletedForBen.getAttribute('data-deleted'), { timeout: 10_000 }).toBe('true');
  await expect.poll(() => deletedForBen.textContent()).toContain('This message was deleted');

  await a.context.close();
  await b.context.close();
});

it('after a cut and a reconnect nothing is missing and the unread counts are exact', async () => {
  const ada = await createMember(world.server, { name: 'Ada Sender' });
  const ben = await createMember(world.server, { name: 'Ben Reader' });
  const opened = await world.server.request('POST', '/api/conversation', { token: ada.token, body: { userId: ben.user.id } });
  const conversationId = opened.body.data._id as string;

  const b = await world.signedIn(ben.token);
  await b.page.goto('/messages');
  await linkIs(b.page, 'connected');

  await cutLink(b.context, ben.user.id);
  await linkIs(b.page, 'disconnect').catch(() => linkIs(b.page, 'reconnecting'));

  // While Ben is away, Ada writes three messages (over the API, as her browser would).
  for (const text of ['First while away', 'Second while away', 'Third while away']) {
    const sent = await world.server.request('POST', '/api/messages', {
      token: ada.token,
      body: { conversationId, clientId: crypto.randomUUID(), text },
    });
    expect(sent.status).toBe(201);
  }

  await b.context.setOffline(false);
  await linkIs(b.page, 'connected');

  // The list catches up: Ada's conversation shows exactly 3 unread, and so does the total.
  const row = b.page.getByRole('link').filter({ hasText: 'Ada Sender' });
  await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('3');
  await expect
    .poll(() =>
      b.page
        .getByRole('link', { name: /Messages/ })
        .first()
        .textContent(),
    )
    .toContain('3');
  await shot(b.page, 'chat-after-reconnect');

  // Opening it shows all three, in order, and clears the count everywhere.
  await row.click();
  await expect
    .poll(() => messages(b.page).allTextContents(), { timeout: 10_000 })
    .toEqual([
      expect.stringContaining('First while away'),
      expect.stringContaining('Second while away'),
      expect.stringContaining('Third while away'),
    ]);
  await expect
    .poll(async () => (await world.server.request('GET', '/api/conversation/total-unread-message', { token: ben.token })).body.data.count)
    .toBe(0);
  await expect.poll(() => row.textContent()).not.toMatch(/\b3\b/);
  await b.context.close();
});

it('sends a photo: checked before uploading, uploaded, sent with Send, shown to the other person', async () => {
  const ada = await createMember(world.server, { name: 'Ada Photos' });
  const ben = await createMember(world.server, { name: 'Ben Photos' });
  const opened = await world.server.request('POST', '/api/conversation', { token: ada.token, body: { userId: ben.user.id } });
  const conversationId = opened.body.data._id as string;
  const [a, b] = await Promise.all([world.signedIn(ada.token), world.signedIn(ben.token)]);
  await Promise.all([a.page.goto(`/messages/${conversationId}`), b.page.goto(`/messages/${conversationId}`)]);
  await Promise.all([linkIs(a.page, 'connected'), linkIs(b.page, 'connected')]);

  // A file that is not a photo, video or accepted document is refused before anything is sent.
  const input = a.page.locator('input[type="file"]');
  await input.setInputFiles({ name: 'notes.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ not really a program') });
  await expect.poll(() => a.page.getByRole('alert').first().textContent(), { timeout: 5_000 }).toMatch(/./);
  expect((await world.server.request('GET', `/api/messages/${conversationId}`, { token: ada.token })).body.data.count).toBe(0);

  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 90, g: 60, b: 200 } } })
    .png()
    .toBuffer();
  await input.setInputFiles({ name: 'sunset.png', mimeType: 'image/png', buffer: png });
  // It waits in the composer until Ada sends it.
  const send = a.page.getByRole('button', { name: 'Send' });
  await expect.poll(() => send.isEnabled(), { timeout: 15_000 }).toBe(true);
  await send.click();
  const onBen = b.page.locator('[data-testid="message"] img');
  await expect.poll(() => onBen.count(), { timeout: 15_000 }).toBe(1);
  // The image really loads for the participant (the cookie authorises the download).
  await expect.poll(() => onBen.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
  await shot(b.page, 'chat-photo');

  // Nobody else can fetch it.
  const stranger = await createMember(world.server);
  const media = (await world.server.request('GET', `/api/messages/${conversationId}`, { token: ada.token })).body.data.items[0].media;
  expect((await world.server.request('GET', media.url, { token: stranger.token })).status).toBe(404);
  expect((await world.server.request('GET', media.url, { token: ben.token })).status).toBe(200);
  await a.context.close();
  await b.context.close();
});

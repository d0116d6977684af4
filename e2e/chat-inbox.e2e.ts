import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createMember, createModel, giveTokens } from '../apps/server/src/test-support/factories';
import { newPerson, shot } from './support/browser';
import { journeyWorld } from './support/world';

const world = journeyWorld();

const conversationLinks = (page: Page) => page.getByRole('navigation', { name: 'Conversations' }).getByRole('listitem').getByRole('link');

it("a model's inbox lists a conversation only once it has a message, and shows what she earns from it", async () => {
  // 2.50 tokens per message; with the default 20 % commission she earns 2.00 of each.
  const model = await createModel(world.server, { name: 'Lena Inbox', tokenPerMessage: 250 });
  const opener = await createMember(world.server, { name: 'Olly Opener' });
  const broke = await createMember(world.server, { name: 'Bea Broke' });

  // Olly only opens the conversation ("Message"); Bea opens it and her send is refused for tokens.
  const opened = await world.server.request('POST', '/api/conversation', { token: opener.token, body: { userId: model.user.id } });
  const conversationId = opened.body.data._id as string;
  const brokeOpened = await world.server.request('POST', '/api/conversation', { token: broke.token, body: { userId: model.user.id } });
  const refused = await world.server.request('POST', '/api/messages', {
    token: broke.token,
    body: { conversationId: brokeOpened.body.data._id, text: 'Hi!' },
  });
  expect(refused.status).toBe(402);
  // The ones who opened them still have them, to write in.
  expect((await world.server.request('GET', '/api/conversation', { token: opener.token })).body.data.count).toBe(1);
  expect((await world.server.request('GET', '/api/conversation', { token: broke.token })).body.data.count).toBe(1);

  const star = await newPerson(world.browser, world.server.baseUrl);
  await star.context.addCookies([{ name: 'accessToken', value: model.token, url: world.server.baseUrl }]);
  const { page } = star;
  await page.goto('/messages');
  await page.getByRole('search').waitFor();
  await expect.poll(() => page.getByText(/No conversations yet/).isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await conversationLinks(page).count()).toBe(0);
  expect(await page.getByText('No messages yet').count()).toBe(0);
  await shot(page, 'chat-model-inbox-empty');

  // Olly's first real message brings the conversation into her list, live.
  await giveTokens(world.server, opener.user.id, 10);
  const sent = await world.server.request('POST', '/api/messages', { token: opener.token, body: { conversationId, text: 'Hello Lena!' } });
  expect(sent.status).toBe(201);
  const row = conversationLinks(page).filter({ hasText: 'Olly Opener' });
  await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
  await expect.poll(() => row.textContent()).toContain('Hello Lena!');
  expect(await conversationLinks(page).count()).toBe(1);
  await shot(page, 'chat-model-inbox');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'chat-model-inbox-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Opening it, she sees what she earns from the message, not what Olly paid.
  await row.click();
  const message = page.locator('[data-testid="message"]').filter({ hasText: 'Hello Lena!' });
  await message.waitFor({ timeout: 10_000 });
  await expect.poll(() => message.locator('.chat-msg__meta').textContent()).toMatch(/\+2\.00 tokens/);
  expect(await message.locator('.chat-msg__meta').textContent()).not.toContain('2.50');
  await expect.poll(() => message.getByTitle(/you earned/i).count()).toBe(1);
  await shot(page, 'chat-model-earned');
  await star.context.close();

  // Olly, the sender, still sees what he paid.
  const fan = await newPerson(world.browser, world.server.baseUrl);
  await fan.context.addCookies([{ name: 'accessToken', value: opener.token, url: world.server.baseUrl }]);
  await fan.page.goto(`/messages/${conversationId}`);
  const paid = fan.page.locator('[data-testid="message"]').filter({ hasText: 'Hello Lena!' });
  await expect.poll(() => paid.locator('.chat-msg__meta').textContent(), { timeout: 10_000 }).toMatch(/2\.50 tokens/);
  await fan.context.close();
});

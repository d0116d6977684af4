import { expect, it } from 'vitest';
import { createMember, createModel } from '../apps/server/src/test-support/factories';
import { newPerson, shot, socketConnected } from './support/browser';
import { journeyWorld } from './support/world';

const world = journeyWorld();

it('adding a model to contacts rings her bell live; she reads it and the count clears', async () => {
  const model = await createModel(world.server, { name: 'Nova Lux', username: 'nova_lux' });
  const member = await createMember(world.server, { name: 'Kai Friend' });
  const fan = await newPerson(world.browser, world.server.baseUrl);
  await fan.context.addCookies([{ name: 'accessToken', value: member.token, url: world.server.baseUrl }]);
  const star = await newPerson(world.browser, world.server.baseUrl);
  await star.context.addCookies([{ name: 'accessToken', value: model.token, url: world.server.baseUrl }]);

  await star.page.goto('/');
  const bell = star.page.getByRole('button', { name: /^Notifications/ });
  await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Notifications');
  await socketConnected(star.page);

  await fan.page.goto('/models/nova_lux');
  await fan.page.getByRole('button', { name: 'Add to contacts' }).click();
  await expect.poll(() => fan.page.getByRole('button', { name: /Remove from contacts/ }).isVisible(), { timeout: 10_000 }).toBe(true);
  await fan.page.goto('/contacts');
  await expect
    .poll(() => fan.page.getByRole('list', { name: 'Contacts' }).getByText('Nova Lux').isVisible(), { timeout: 10_000 })
    .toBe(true);
  await shot(fan.page, 'contacts');

  // Her bell counts it without a reload; opening it shows who, and marking all read clears it.
  await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Notifications, 1 unread');
  await bell.click();
  const panel = star.page.getByRole('region', { name: 'Latest notifications' });
  await expect.poll(() => panel.getByText('Kai Friend added you to their contacts').isVisible(), { timeout: 10_000 }).toBe(true);
  await shot(star.page, 'notification-bell');
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Notifications');
  expect((await world.server.request('GET', '/api/notifications/unread/count', { token: model.token })).body.data.count).toBe(0);

  await star.page.goto('/notifications');
  await expect.poll(() => star.page.getByText('Kai Friend added you to their contacts').isVisible(), { timeout: 10_000 }).toBe(true);
  await shot(star.page, 'notifications-page');
  await fan.context.close();
  await star.context.close();
});

it('on a phone the chat shows one pane at a time, with a way back to the list', async () => {
  const ada = await createMember(world.server, { name: 'Ada Phone' });
  const ben = await createMember(world.server, { name: 'Ben Phone' });
  const opened = await world.server.request('POST', '/api/conversation', { token: ada.token, body: { userId: ben.user.id } });
  await world.server.request('POST', '/api/messages', {
    token: ada.token,
    body: { conversationId: opened.body.data._id, clientId: crypto.randomUUID(), text: 'Are you free on Friday?' },
  });

  const phone = await newPerson(world.browser, world.server.baseUrl, { width: 390, height: 844 });
  await phone.context.addCookies([{ name: 'accessToken', value: ben.token, url: world.server.baseUrl }]);
  await phone.page.goto('/messages');
  const row = phone.page.getByRole('link').filter({ hasText: 'Ada Phone' });
  await expect.poll(() => row.isVisible(), { timeout: 10_000 }).toBe(true);
  // The links fold into the menu on a phone; the unread count stays in sight beside the bell.
  const shortcut = phone.page.locator('a.messages-shortcut');
  await expect.poll(() => shortcut.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Messages, 1 unread');
  await shot(phone.page, 'phone-chat-list');
  await row.click();
  await expect
    .poll(() => phone.page.locator('[data-testid="message"]').filter({ hasText: 'Are you free on Friday?' }).isVisible(), {
      timeout: 10_000,
    })
    .toBe(true);
  await expect.poll(() => row.isVisible()).toBe(false);
  await expect.poll(() => shortcut.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Messages');
  await shot(phone.page, 'phone-chat-open');
  await phone.page
    .getByRole('link', { name: /back/i })
    .or(phone.page.getByRole('button', { name: /back/i }))
    .first()
    .click();
  await expect.poll(() => row.isVisible(), { timeout: 10_000 }).toBe(true);
  await phone.context.close();
});

import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { createAdmin, createMember, createModel } from '../apps/server/src/test-support/factories';
import { newPerson, shot } from './support/browser';
import { journeyWorld } from './support/world';

const world = journeyWorld();

const chip = (page: Page) => page.locator('.balance-chip__amount');

it('a member finds a model, messages her for her price per message, and she earns it', async () => {
  const admin = await createAdmin(world.server);
  const model = await createModel(world.server, {
    name: 'Ruby Rose',
    username: 'ruby_rose',
    bio: 'Songs, stories and late-night chats.',
    tokenPerMessage: 150,
  });
  const member = await createMember(world.server, { name: 'Sam Fan' });
  const funded = await world.server.request('POST', `/api/admin/users/${member.user.id}/adjust-balance`, {
    token: admin.token,
    body: { amount: 10, reason: 'e2e funds', idempotencyKey: randomUUID() },
  });
  expect(funded.status).toBe(200);

  const fan = await newPerson(world.browser, world.server.baseUrl);
  await fan.context.addCookies([{ name: 'accessToken', value: member.token, url: world.server.baseUrl }]);
  const star = await newPerson(world.browser, world.server.baseUrl);
  await star.context.addCookies([{ name: 'accessToken', value: model.token, url: world.server.baseUrl }]);

  // The directory and the profile.
  await fan.page.goto('/models');
  await fan.page
    .getByRole('link', { name: /Ruby Rose/ })
    .first()
    .click();
  await expect.poll(() => fan.page.getByRole('heading', { name: 'Ruby Rose' }).isVisible(), { timeout: 10_000 }).toBe(true);
  await expect
    .poll(() =>
      fan.page
        .getByText(/1\.50 tokens per message/)
        .first()
        .isVisible(),
    )
    .toBe(true);
  await shot(fan.page, 'model-profile');

  // Message → the chat opens with her; the price is shown before sending.
  await fan.page.getByRole('button', { name: 'Message' }).click();
  await fan.page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
  await expect.poll(() => chip(fan.page).textContent(), { timeout: 10_000 }).toBe('10.00');
  const composer = fan.page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Loved your last song!');
  await composer.press('Enter');

  // Exactly 1.50 leaves the fan's balance, live in the top bar.
  await expect.poll(() => chip(fan.page).textContent(), { timeout: 10_000 }).toBe('8.50');
  expect((await world.server.request('GET', '/api/users/me', { token: member.token })).body.data.balance).toBe(8.5);

  // The model reads it in her own browser and her earning is there (1.50 less the 20 % commission).
  await star.page.goto('/messages');
  const row = star.page.getByRole('link').filter({ hasText: 'Sam Fan' });
  await row.click();
  await expect
    .poll(() => star.page.locator('[data-testid="message"]').filter({ hasText: 'Loved your last song!' }).count(), { timeout: 10_000 })
    .toBe(1);
  const earnings = await world.server.request('GET', '/api/earning', { token: model.token });
  expect(earnings.body.data.items).toEqual([expect.objectContaining({ source: 'message', gross: 1.5, commission: 0.3, net: 1.2 })]);
  await shot(star.page, 'model-reads-paid-message');

  await fan.context.close();
  await star.context.close();
});

it('a member without enough tokens is told so, with the way to buy more, and nothing is sent', async () => {
  const model = await createModel(world.server, { name: 'Pricey Model', tokenPerMessage: 500 });
  const member = await createMember(world.server, { name: 'Broke Fan' });
  const opened = await world.server.request('POST', '/api/conversation', { token: member.token, body: { userId: model.user.id } });
  const fan = await newPerson(world.browser, world.server.baseUrl);
  await fan.context.addCookies([{ name: 'accessToken', value: member.token, url: world.server.baseUrl }]);
  await fan.page.goto(`/messages/${opened.body.data._id}`);

  const composer = fan.page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Can I say hi?');
  await composer.press('Enter');
  await expect
    .poll(
      () =>
        fan.page
          .getByText(/You need 5\.00 tokens/)
          .first()
          .isVisible(),
      { timeout: 10_000 },
    )
    .toBe(true);
  await expect
    .poll(() =>
      fan.page
        .getByRole('link', { name: /buy tokens|tokens/i })
        .first()
        .isVisible(),
    )
    .toBe(true);
  await shot(fan.page, 'paid-message-refused');

  const history = await world.server.request('GET', `/api/messages/${opened.body.data._id}`, { token: model.token });
  expect(history.body.data.count).toBe(0);
  await fan.context.close();
});

it('a visitor browses the model directory and a profile, and is asked to sign in to message', async () => {
  await createModel(world.server, { name: 'Public Star', username: 'public_star', tokenPerMessage: 200 });
  await createMember(world.server, { name: 'Private Member', username: 'private_member' });
  const visitor = await newPerson(world.browser, world.server.baseUrl);
  await visitor.page.goto('/models');
  await expect
    .poll(
      () =>
        visitor.page
          .getByRole('link', { name: /Public Star/ })
          .first()
          .isVisible(),
      { timeout: 10_000 },
    )
    .toBe(true);
  expect(await visitor.page.getByText('Private Member').count()).toBe(0);
  await shot(visitor.page, 'models-directory-visitor');

  await visitor.page
    .getByRole('link', { name: /Public Star/ })
    .first()
    .click();
  await expect
    .poll(
      () =>
        visitor.page
          .getByText(/2\.00 tokens per message/)
          .first()
          .isVisible(),
      { timeout: 10_000 },
    )
    .toBe(true);
  await visitor.page
    .getByRole('button', { name: 'Message' })
    .or(visitor.page.getByRole('link', { name: 'Message' }))
    .first()
    .click();
  await visitor.page.waitForURL(/\/auth\/login/);
  await visitor.context.close();
});

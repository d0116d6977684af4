import { expect, it } from 'vitest';
import { createMember, createModel, giveTokens } from '../apps/server/src/test-support/factories';
import { shot } from './support/browser';
import { journeyWorld } from './support/world';

const world = journeyWorld();

const PHONE = { width: 390, height: 844 };

it("a model's home shows what she earned from a paid message, who waits for an answer, and her prices", async () => {
  // 1.50 tokens a message (the factory writes hundredths straight to the database).
  const model = await createModel(world.server, { name: 'Ruby Rose', tokenPerMessage: 150, callRate: 300 });
  const fan = await createMember(world.server, { name: 'Sam Fan' });
  await giveTokens(world.server, fan.user.id, 10);
  const opened = await world.server.request('POST', '/api/conversation', { token: fan.token, body: { userId: model.user.id } });
  for (const text of ['Loved your last song!', 'Any new tracks coming?']) {
    const sent = await world.server.request('POST', '/api/messages', {
      token: fan.token,
      body: { conversationId: opened.body.data._id, type: 'text', text },
    });
    expect(sent.status).toBe(201);
  }

  const { context, page } = await world.signedIn(model.token);
  await page.goto('/');

  // Earnings: 2 × 1.50, less the 20 % commission = 2.40 tokens, drawn as a chart with a text summary.
  await expect.poll(() => page.getByRole('heading', { name: 'Earnings' }).isVisible(), { timeout: 10_000 }).toBe(true);
  const chart = page.getByRole('img', { name: '2.40 tokens earned in the last 14 days' });
  await expect.poll(() => chart.isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await page.getByRole('cell', { name: '2.40' }).count()).toBe(1);
  expect(await page.getByRole('link', { name: /See all earnings/ }).getAttribute('href')).toBe('/earnings');

  // Messages waiting: two unread, in one conversation, which opens from here.
  const messages = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Messages waiting' }) });
  await expect.poll(() => messages.getByText(/2\s*unread messages/).isVisible()).toBe(true);
  expect(await messages.getByText('in 1 conversation').isVisible()).toBe(true);
  expect(await messages.getByRole('link', { name: /Sam Fan/ }).getAttribute('href')).toBe(`/messages/${opened.body.data._id}`);

  // Prices, with the way to change the price per message.
  const prices = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Your prices' }) });
  expect(await prices.getByText('1.50 tokens', { exact: true }).isVisible()).toBe(true);
  expect(await prices.getByText('3.00 tokens per minute').isVisible()).toBe(true);
  expect(await prices.getByRole('link', { name: 'Change price' }).getAttribute('href')).toBe('/account/profile');

  // Nothing on it is for buyers.
  expect(await page.getByText('Buy tokens').count()).toBe(0);
  await shot(page, 'model-dashboard-1280');

  // While it is open, a third paid message shows up on it without a reload: 3 unread, 3.60 earned.
  const third = await world.server.request('POST', '/api/messages', {
    token: fan.token,
    body: { conversationId: opened.body.data._id, type: 'text', text: 'Still there?' },
  });
  expect(third.status).toBe(201);
  await expect.poll(() => messages.getByText(/3\s*unread messages/).isVisible(), { timeout: 10_000 }).toBe(true);
  await expect
    .poll(() => page.getByRole('img', { name: '3.60 tokens earned in the last 14 days' }).isVisible(), { timeout: 10_000 })
    .toBe(true);

  await messages.getByRole('link', { name: /Sam Fan/ }).click();
  await page.waitForURL(`**/messages/${opened.body.data._id}`);
  await context.close();

  const phone = await world.signedIn(model.token, PHONE);
  await phone.page.goto('/');
  await expect
    .poll(() => phone.page.getByRole('img', { name: /tokens earned in the last 14 days/ }).isVisible(), { timeout: 10_000 })
    .toBe(true);
  await shot(phone.page, 'model-dashboard-390');
  await phone.context.close();
});

it('a model who has earned nothing yet is told what will show there', async () => {
  const model = await createModel(world.server, { name: 'New Creator' });
  const { context, page } = await world.signedIn(model.token);
  await page.goto('/');
  await expect.poll(() => page.getByText('No earnings in the last 14 days').isVisible(), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => page.getByText('No one is waiting').isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await page.getByText('Buy tokens').count()).toBe(0);
  await shot(page, 'model-dashboard-empty-1280');
  await context.close();
});

it('a newly approved creator is walked through setting up, and finds every tool under Creator', async () => {
  // Approved, with no photo, bio, call rate or items: what an administrator's approval leaves her with.
  const model = await createModel(world.server, { name: 'Nova Lux', tokenPerMessage: 0, callRate: 0 });
  const { context, page } = await world.signedIn(model.token);
  await page.goto('/');
  const setup = page.getByRole('region', { name: 'Finish setting up' });
  await expect.poll(() => setup.textContent(), { timeout: 10_000 }).toContain('1 of 6 done');
  for (const action of ['Add a photo', 'Write a bio', 'Set a price', 'Set up calls', 'Open My store']) {
    expect(await setup.getByRole('link', { name: action }).isVisible()).toBe(true);
  }
  await shot(page, 'creator-setup-1280');

  // Calls: the rate typed key by key, then availability on; back home, the step is ticked.
  await setup.getByRole('link', { name: 'Set up calls' }).click();
  await page.waitForURL(/\/calls\/settings$/);
  await expect.poll(() => page.getByRole('navigation', { name: 'Creator tools' }).isVisible(), { timeout: 10_000 }).toBe(true);
  const rate = page.getByLabel('Call rate');
  await rate.fill('');
  await rate.pressSequentially('2.5');
  await page.getByRole('button', { name: 'Save rate' }).click();
  await expect
    .poll(() => page.getByText('Members now pay 2.50 tokens per minute to call you.').isVisible(), { timeout: 10_000 })
    .toBe(true);
  await page.getByRole('switch', { name: 'Available for calls' }).click();
  await expect.poll(() => page.getByRole('switch', { name: 'Available for calls' }).isChecked(), { timeout: 10_000 }).toBe(true);

  // Everything she works with is under Creator in the top bar, not under Tokens.
  await page.getByRole('banner').getByRole('link', { name: 'Creator', exact: true }).click();
  await page.waitForURL(/\/earnings$/);
  const tools = page.getByRole('navigation', { name: 'Creator tools' });
  await tools.getByRole('link', { name: 'My store' }).click();
  await page.waitForURL(/\/store$/);
  expect(await page.getByRole('banner').getByRole('link', { name: 'Creator', exact: true }).getAttribute('aria-current')).toBe('page');

  await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click();
  await expect.poll(() => setup.textContent(), { timeout: 10_000 }).toContain('2 of 6 done');
  expect(await setup.getByRole('heading', { name: /^Take calls\s*\(done\)$/ }).isVisible()).toBe(true);
  await shot(page, 'creator-setup-calls-done-1280');
  await context.close();

  const phone = await world.signedIn(model.token, PHONE);
  await phone.page.goto('/');
  await expect.poll(() => phone.page.getByRole('region', { name: 'Finish setting up' }).isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await shot(phone.page, 'creator-setup-390');
  await phone.context.close();
});

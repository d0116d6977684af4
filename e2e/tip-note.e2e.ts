import { expect, it } from 'vitest';
import { createMember, createModel, giveTokens } from '../apps/server/src/test-support/factories';
import { newPerson, shot } from './support/browser';
import { journeyWorld } from './support/world';

const world = journeyWorld();

const PHONE = { width: 390, height: 844 };

it("a tip's note typed on the model's profile reaches the model: in the bell, on the notifications page and on Earnings", async () => {
  const model = await createModel(world.server, { name: 'Nova Lux', username: 'nova_note' });
  const fan = await createMember(world.server, { name: 'Kai Fan' });
  await giveTokens(world.server, fan.user.id, 50);
  // Markup in a note is text, shown as typed.
  const note = 'Loved <b>tonight</b> — see you Friday!';

  const fanSide = await newPerson(world.browser, world.server.baseUrl);
  await fanSide.context.addCookies([{ name: 'accessToken', value: fan.token, url: world.server.baseUrl }]);
  await fanSide.page.goto('/models/nova_note');
  await fanSide.page.getByRole('button', { name: 'Send a tip' }).click();
  const tipDialog = fanSide.page.getByRole('dialog');
  const amount = tipDialog.getByLabel('Amount', { exact: true });
  await amount.click();
  await amount.press('ControlOrMeta+A');
  await amount.pressSequentially('7');
  await tipDialog.getByLabel('Note (optional)').click();
  await tipDialog.getByLabel('Note (optional)').pressSequentially(note);
  await tipDialog.getByRole('button', { name: 'Tip 7.00 tokens' }).click();
  await expect.poll(() => tipDialog.count(), { timeout: 10_000 }).toBe(0);

  const modelSide = await newPerson(world.browser, world.server.baseUrl);
  await modelSide.context.addCookies([{ name: 'accessToken', value: model.token, url: world.server.baseUrl }]);
  const { page } = modelSide;
  await page.goto('/');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Notifications, 1 unread');
  await bell.click();
  const panel = page.getByRole('region', { name: 'Latest notifications' });
  await expect.poll(() => panel.getByText('Kai Fan tipped you 7.00 tokens').isVisible(), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => panel.getByText(note).isVisible()).toBe(true);
  // Shown as typed: no bold element was made from the note.
  expect(await panel.locator('b').count()).toBe(0);
  await shot(page, 'tip-note-bell');

  await page.goto('/notifications');
  await expect.poll(() => page.getByText(note).isVisible(), { timeout: 10_000 }).toBe(true);
  await shot(page, 'tip-note-notifications');

  await page.goto('/earnings');
  const earnings = page.getByRole('table', { name: 'Earnings' });
  await expect.poll(() => earnings.getByText('Kai Fan').isVisible(), { timeout: 10_000 }).toBe(true);
  const row = earnings.getByRole('row').filter({ hasText: 'Kai Fan' });
  expect(await row.getByText(note).isVisible()).toBe(true);
  await shot(page, 'tip-note-earnings');

  // The model's statement line for the tip carries it too.
  await page.goto('/tokens/statement');
  const statement = page.getByRole('table', { name: 'Statement' });
  await expect
    .poll(() => statement.getByRole('row').filter({ hasText: 'Tip' }).getByText(note).isVisible(), { timeout: 10_000 })
    .toBe(true);
  await shot(page, 'tip-note-statement');

  // And on a phone.
  await page.setViewportSize(PHONE);
  await page.goto('/earnings');
  await expect.poll(() => earnings.getByText(note).isVisible(), { timeout: 10_000 }).toBe(true);
  await shot(page, 'tip-note-earnings-phone');
  await page.goto('/notifications');
  await expect.poll(() => page.getByText(note).isVisible(), { timeout: 10_000 }).toBe(true);
  await shot(page, 'tip-note-notifications-phone');

  await fanSide.context.close();
  await modelSide.context.close();
});

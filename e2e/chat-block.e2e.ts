import { expect, it } from 'vitest';
import { createMember } from '../apps/server/src/test-support/factories';
import { newPerson, shot } from './support/browser';
import { journeyWorld } from './support/world';

const world = journeyWorld();

it('Block asks first, saying what blocking does; Cancel leaves them unblocked, Block blocks', async () => {
  const ada = await createMember(world.server, { name: 'Ada Block' });
  const ben = await createMember(world.server, { name: 'Ben Pester' });
  const opened = await world.server.request('POST', '/api/conversation', { token: ada.token, body: { userId: ben.user.id } });
  const conversationId = opened.body.data._id as string;
  const blockedIds = async () =>
    (await world.server.request('GET', `/api/conversation/${conversationId}`, { token: ada.token })).body.data.blockedIds as string[];

  const person = await newPerson(world.browser, world.server.baseUrl);
  await person.context.addCookies([{ name: 'accessToken', value: ada.token, url: world.server.baseUrl }]);
  const { page } = person;
  await page.goto(`/messages/${conversationId}`);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();

  // Block opens a dialog that explains what it does; nothing is blocked yet.
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Block Ben Pester?' });
  await dialog.waitFor({ timeout: 5_000 });
  await expect.poll(() => dialog.textContent()).toMatch(/Ben Pester will not be able to send you messages/);
  await expect.poll(() => dialog.textContent()).toMatch(/you can unblock them at any time/i);
  expect(await blockedIds()).toEqual([]);
  await shot(page, 'chat-block-dialog');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'chat-block-dialog-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Cancel: the dialog closes, they stay unblocked and the composer stays.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => dialog.count()).toBe(0);
  await page.waitForTimeout(500);
  expect(await blockedIds()).toEqual([]);
  expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(1);

  // Confirm: blocked, on the server and on the page.
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expect.poll(() => blockedIds(), { timeout: 10_000 }).toEqual([ben.user.id]);
  await expect.poll(() => page.getByText('You blocked this member.').isVisible()).toBe(true);
  await expect.poll(() => dialog.count()).toBe(0);
  const refused = await world.server.request('POST', '/api/messages', { token: ben.token, body: { conversationId, text: 'Still there?' } });
  expect(refused.status).toBe(403);
  await person.context.close();
});

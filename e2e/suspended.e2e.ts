import { expect, it } from 'vitest';
import { createAdmin, createMember } from '../apps/server/src/test-support/factories';
import { newPerson, shot, socketConnected } from './support/browser';
import { journeyWorld } from './support/world';

/**
 * A member an administrator suspends is told so, and how to reach the site, rather than finding
 * herself at the sign-in page with no word (issue #28, item 9): on the page she has open, and when
 * she comes back later.
 */
const world = journeyWorld();

const SUSPENDED = 'Your account has been suspended by an administrator. Contact us if you think this is a mistake.';
const PHONE = { width: 390, height: 844 };

it('a member suspended while her page is open lands on the sign-in page told why, with Contact us', async () => {
  const admin = await createAdmin(world.server);
  const member = await createMember(world.server, { name: 'Sue Spended' });
  const { context, page } = await newPerson(world.browser, world.server.baseUrl);
  await context.addCookies([{ name: 'accessToken', value: member.token, url: world.server.baseUrl }]);
  await page.goto('/messages');
  await socketConnected(page);

  expect((await world.server.request('POST', `/api/admin/users/${member.user.id}/suspend`, { token: admin.token })).status).toBe(200);
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/auth/login');
  await expect.poll(() => page.getByText(SUSPENDED.replace('Contact us', '').slice(0, 40), { exact: false }).isVisible()).toBe(true);
  expect(await page.getByRole('link', { name: 'Contact us' }).first().isVisible()).toBe(true);
  await shot(page, 'suspended-told');
  await page.setViewportSize(PHONE);
  await shot(page, 'suspended-told-phone', { fullPage: false });
  await context.close();
});

it('a member suspended while away is told why when she comes back, not that her session expired', async () => {
  const admin = await createAdmin(world.server);
  const member = await createMember(world.server, { name: 'Al Away' });
  expect((await world.server.request('POST', `/api/admin/users/${member.user.id}/suspend`, { token: admin.token })).status).toBe(200);

  const { context, page } = await newPerson(world.browser, world.server.baseUrl);
  await context.addCookies([{ name: 'accessToken', value: member.token, url: world.server.baseUrl }]);
  await page.goto('/messages');
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/auth/login');
  await expect.poll(() => page.getByText(SUSPENDED.replace('Contact us', '').slice(0, 40), { exact: false }).isVisible()).toBe(true);
  expect(await page.getByText(/session (has )?expired/i).count()).toBe(0);
  await context.close();
});

import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createAdmin, createMember, TEST_PASSWORD } from '../apps/server/src/test-support/factories';
import { newPerson, shot, socketConnected } from './support/browser';
import { codeMailedTo } from './support/mail';
import { journeyWorld } from './support/world';

const world = journeyWorld();

const DAY = 86_400;
const PASSWORD = 'Journey!Pass1';

async function register(page: Page, who: { name: string; username: string; email: string }) {
  await page.goto('/auth/register');
  await page.getByLabel('Name', { exact: true }).fill(who.name);
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('I am 18 or older').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/auth\/verify/);
}

async function signIn(page: Page, email: string, keepLogin: boolean) {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const keep = page.getByLabel('Keep me signed in');
  if ((await keep.isChecked()) !== keepLogin) await keep.click();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
}

const liveSockets = async () => (await world.server.ctx.io().fetchSockets()).length;

it('registers, confirms the code from the mail, signs in for a year, and signs out to the login page', async () => {
  const { context, page } = await newPerson(world.browser, world.server.baseUrl);
  const who = { name: 'Ada Lovelace', username: 'ada_l', email: 'ada@example.test' };
  await register(page, who);
  await shot(page, 'verify');

  const code = await codeMailedTo(world.server, who.email);
  await expect.poll(() => page.getByLabel('E-mail').inputValue()).toBe(who.email);
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/auth\/login/);
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  // The confirmed address is filled in, so only the password is left to type.
  await expect.poll(() => page.getByLabel('E-mail').inputValue()).toBe(who.email);
  await page.keyboard.type(PASSWORD);
  expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe(PASSWORD);

  await signIn(page, who.email, true);
  const cookie = (await context.cookies()).find((c) => c.name === 'accessToken');
  expect(cookie).toBeDefined();
  const lifetime = cookie!.expires - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(364 * DAY);
  expect(lifetime).toBeLessThan(366 * DAY);
  expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBe('yes');

  // A protected page, and the live link once signed in.
  await page.goto('/account/profile');
  await expect.poll(() => page.getByLabel('Username').inputValue()).toBe(who.username);
  await socketConnected(page);
  expect(await liveSockets()).toBe(1);
  await shot(page, 'profile');

  await page.getByRole('button', { name: new RegExp(who.name) }).click();
  await page
    .getByRole('menuitem', { name: 'Sign out' })
    .or(page.getByRole('button', { name: 'Sign out' }))
    .first()
    .click();
  await page.waitForURL(/\/auth\/login/);
  expect((await context.cookies()).find((c) => c.name === 'accessToken')).toBeUndefined();
  expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBeNull();
  await expect.poll(liveSockets).toBe(0);
  await context.close();
});

it('without keep-login the token lives in a browser-session cookie', async () => {
  const { context, page } = await newPerson(world.browser, world.server.baseUrl);
  const who = { name: 'Grace Hopper', username: 'grace_h', email: 'grace@example.test' };
  await register(page, who);
  await page.getByLabel('Code').fill(await codeMailedTo(world.server, who.email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/auth\/login/);

  await signIn(page, who.email, false);
  const cookie = (await context.cookies()).find((c) => c.name === 'accessToken');
  expect(cookie?.expires).toBe(-1);
  await context.close();
});

it('the sign-in page is ready to type into: the e-mail field has the focus', async () => {
  const { context, page } = await newPerson(world.browser, world.server.baseUrl);
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.keyboard.type('typed@example.test');
  expect(await page.getByLabel('E-mail').inputValue()).toBe('typed@example.test');
  await context.close();
});

/** A member signed in in the browser with a session of their own, and another session (another device) for the API. */
async function signedInElsewhereToo() {
  const member = await createMember(world.server);
  const browserSession = await world.server.ctx.sessions.issue({ userId: member.user.id, keepLogin: true });
  const { context, page } = await newPerson(world.browser, world.server.baseUrl);
  await context.addCookies([{ name: 'accessToken', value: browserSession.token, url: world.server.baseUrl }]);
  await page.goto('/account/profile');
  await socketConnected(page);
  return { member, context, page };
}

it('a password changed on another device signs this browser out and the sign-in page says why', async () => {
  const { member, context, page } = await signedInElsewhereToo();
  const changed = await world.server.request('POST', '/api/users/updatePassword', {
    token: member.token,
    body: { currentPassword: TEST_PASSWORD, newPassword: 'Changed!Pass2' },
  });
  expect(changed.status).toBe(200);

  await page.waitForURL(/\/auth\/login/);
  await page.getByText('You were signed out because your password changed').waitFor();
  await shot(page, 'sign-in-after-password-change');
  await context.close();
});

it('a suspended member is told why, with a link to the contact form, also when signing in again', async () => {
  const { member, context, page } = await signedInElsewhereToo();
  const admin = await createAdmin(world.server);
  expect((await world.server.request('POST', `/api/admin/users/${member.user.id}/suspend`, { token: admin.token })).status).toBe(200);

  await page.waitForURL(/\/auth\/login/);
  await page.getByText('Your account has been suspended').waitFor();
  expect(await page.locator('#main').getByRole('status').getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe(
    '/contact-us',
  );

  await page.getByLabel('E-mail').pressSequentially(member.user.email);
  await page.getByLabel('Password', { exact: true }).pressSequentially(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'suspended by an administrator' });
  await refusal.waitFor();
  await refusal.getByRole('link', { name: 'Contact us' }).click();
  await page.waitForURL(/\/contact-us/);
  await context.close();
});

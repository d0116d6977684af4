import { expect, it } from 'vitest';
import { createMember } from '../apps/server/src/test-support/factories';
import { newPerson } from './support/browser';
import { journeyWorld } from './support/world';

const world = journeyWorld();

const tokenCookie = (token: string) => ({ name: 'accessToken', value: token, url: world.server.baseUrl });

it('a protected page opened signed out lands on the login page', async () => {
  const { context, page } = await newPerson(world.browser, world.server.baseUrl);
  await page.goto('/account/profile');
  await page.waitForURL(/\/auth\/login/);
  await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
  await context.close();
});

it('a token the server no longer accepts sends the person to the login page', async () => {
  const member = await createMember(world.server);
  const { context, page } = await newPerson(world.browser, world.server.baseUrl);
  // This journey is about the API's 401 alone: with a live socket the server's "session revoked" event
  // may win the race and sign the person out first (that path is sign-in.e2e.ts's). So no socket here.
  await context.routeWebSocket(/\/socket\.io\//, (socket) => socket.close());
  await context.route(/\/socket\.io\//, (route) => route.abort());
  await context.addCookies([tokenCookie(member.token)]);
  // The signed-in shell loads after the page and then reads the bell's and the messages' counts.
  // Those reads must be over before the session ends, or one of them meets the 401 first and the
  // person lands on the login page from the profile, without the click below (which is fine for a
  // person, but not what this journey checks).
  const shellRead = Promise.all(
    ['/api/notifications/unread/count', '/api/conversation/total-unread-message'].map((path) =>
      page.waitForResponse((response) => new URL(response.url()).pathname === path),
    ),
  );
  await page.goto('/account/profile');
  await expect.poll(() => page.getByLabel('Username').inputValue()).toBe(member.user.username);
  await shellRead;

  // The session ends elsewhere (say, a password change on another device); the next API call answers 401.
  // Contacts loads its list from the API on arrival, so the next click surely makes a call (a page
  // that only shows a form may make none).
  await world.server.ctx.sessions.revoke({ userId: member.user.id });
  await page.getByRole('link', { name: 'Contacts', exact: true }).first().click();
  await page.waitForURL(/\/auth\/login/);
  // The sign-in page says why the person is there, and brings them back afterwards.
  await page.getByText('Your session has ended').waitFor({ timeout: 5_000 });
  expect(new URL(page.url()).searchParams.get('next')).toBe('/contacts');
  await context.close();
});

it('a garbage token cookie on a protected page lands on the login page', async () => {
  const { context, page } = await newPerson(world.browser, world.server.baseUrl);
  await context.addCookies([tokenCookie('not-a-token')]);
  await page.goto('/account/profile');
  await page.waitForURL(/\/auth\/login/);
  await context.close();
});

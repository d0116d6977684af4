import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createAdmin, createMember, createModel, giveTokens } from '../apps/server/src/test-support/factories';
import { imagesLoaded, newPerson, shot, SHOTS } from './support/browser';
import { journeyWorld } from './support/world';

const world = journeyWorld();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

type Screen = { name: string; path: string };

/**
 * Waits until the route has loaded and drawn its data: no skeleton, spinner or busy region left
 * (shared/ui), and the pictures decoded, so the widths measured are the finished page's.
 */
async function settle(page: Page) {
  await page.locator('#main').waitFor();
  await page.getByTestId('route-loader').waitFor({ state: 'detached' });
  await page.waitForLoadState('load');
  await page.waitForFunction(() => !document.querySelector('.ui-skeleton, .ui-spinner, [aria-busy="true"]'), undefined, {
    timeout: 10_000,
  });
  await imagesLoaded(page);
}

/** What is wrong with the page at phone size: sideways scrolling, or a logo squeezed below 24 px. */
async function phoneProblems(page: Page, screen: Screen): Promise<string[]> {
  const { scrollWidth, innerWidth, logoWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    logoWidth: document.querySelector('.topbar__brand svg')?.getBoundingClientRect().width ?? 0,
  }));
  const problems: string[] = [];
  if (scrollWidth > innerWidth) problems.push(`${screen.name}: scrolls sideways (${scrollWidth} px wide in ${innerWidth})`);
  if (logoWidth < 24) problems.push(`${screen.name}: logo is ${logoWidth.toFixed(1)} px wide`);
  return problems;
}

/** Visits each screen at phone size (and desktop, for the screenshots), and returns the phone problems found. */
async function visitAll(screens: readonly Screen[], token?: string): Promise<string[]> {
  const problems: string[] = [];
  // The desktop visit is for the pictures only (E2E_SHOTS): nothing is measured there.
  const sizes = [['390', PHONE] as const, ...(SHOTS ? [['1280', DESKTOP] as const] : [])];
  for (const [size, viewport] of sizes) {
    const { context, page } = await newPerson(world.browser, world.server.baseUrl, viewport);
    if (token) await context.addCookies([{ name: 'accessToken', value: token, url: world.server.baseUrl }]);
    for (const screen of screens) {
      await page.goto(screen.path);
      await settle(page);
      if (viewport === PHONE) problems.push(...(await phoneProblems(page, screen)));
      await shot(page, `screens-${screen.name}-${size}`);
    }
    await context.close();
  }
  return problems;
}

it('every public page fits a phone without sideways scrolling, logo intact', async () => {
  await createModel(world.server, { name: 'Mia Model', username: 'mia_model', bio: 'Singer and songwriter.' });
  const problems = await visitAll([
    { name: 'home', path: '/' },
    { name: 'login', path: '/auth/login' },
    { name: 'register', path: '/auth/register' },
    { name: 'verify', path: '/auth/verify?email=someone%40example.test' },
    { name: 'forgot', path: '/auth/forgot' },
    { name: 'reset', path: '/auth/reset/some-token' },
    { name: 'contact-us', path: '/contact-us' },
    { name: 'models', path: '/models' },
    { name: 'model-profile', path: '/models/mia_model' },
    { name: 'not-found', path: '/no-such-page' },
  ]);
  expect(problems).toEqual([]);
});

it('every member page fits a phone, even with a five-figure balance in the top bar', async () => {
  const member = await createMember(world.server, { name: 'Rich Member', username: 'rich_member' });
  await giveTokens(world.server, member.user.id, 10_070.5);
  const model = await createModel(world.server, { name: 'Nora Model', username: 'nora_model' });
  const opened = await world.server.request('POST', '/api/conversation', { token: member.token, body: { userId: model.user.id } });
  const conversationId = opened.body.data._id as string;
  const problems = await visitAll(
    [
      { name: 'member-home', path: '/' },
      { name: 'profile', path: '/account/profile' },
      { name: 'password', path: '/account/password' },
      { name: 'deactivate', path: '/account/deactivate' },
      { name: 'tokens', path: '/tokens' },
      { name: 'payments', path: '/tokens/history' },
      { name: 'statement', path: '/tokens/statement' },
      { name: 'cards', path: '/tokens/cards' },
      { name: 'invoices', path: '/invoices' },
      { name: 'messages', path: '/messages' },
      { name: 'conversation', path: `/messages/${conversationId}` },
      { name: 'bookmarks', path: '/bookmarks' },
      { name: 'contacts', path: '/contacts' },
      { name: 'people', path: '/people' },
      { name: 'notifications', path: '/notifications' },
      { name: 'calls', path: '/calls' },
      { name: 'member-models', path: '/models' },
      { name: 'member-model-profile', path: '/models/nora_model' },
    ],
    member.token,
  );
  expect(problems).toEqual([]);
});

it('every model page fits a phone', async () => {
  const model = await createModel(world.server, { name: 'Ola Model', username: 'ola_model' });
  const problems = await visitAll(
    [
      { name: 'model-home', path: '/' },
      { name: 'verification', path: '/account/verification' },
      { name: 'earnings', path: '/earnings' },
      { name: 'model-calls', path: '/calls' },
      { name: 'call-settings', path: '/calls/settings' },
    ],
    model.token,
  );
  expect(problems).toEqual([]);
});

it('every admin page fits a phone', async () => {
  const admin = await createAdmin(world.server, { name: 'Ann Admin', username: 'ann_admin' });
  const problems = await visitAll(
    [
      '',
      'models',
      'members',
      'packages',
      'payments',
      'earnings',
      'payouts',
      'invoices',
      'posts',
      'items',
      'calls',
      'messages',
      'settings',
      'menus',
      'outbox',
      'audit',
    ].map((section) => ({
      name: `admin-${section || 'overview'}`,
      path: `/admin/${section}`,
    })),
    admin.token,
  );
  expect(problems).toEqual([]);
});

import { expect, it } from 'vitest';
import { createMember, createModel, giveTokens, TEST_PASSWORD } from '../apps/server/src/test-support/factories';
import { holdSoundUntilClicked } from './support/autoplay';
import { newPerson, shot, socketConnected } from './support/browser';
import { payForStarter, typeInto } from './support/checkout';
import { journeyWorld } from './support/world';

/**
 * What Call Now tells a person who cannot call yet, and what changes under an open profile
 * (issue #28, items 3 and 4): a refusal offers the way past it and comes back; a model switching
 * calls off takes Call Now away from pages already open.
 */
const world = journeyWorld();

const PHONE = { width: 390, height: 844 };

it('a member short of tokens is offered Buy tokens beside Call Now, buys, and is brought back to the call', async () => {
  await createModel(world.server, { name: 'Lena Sky', username: 'lena_sky', callAvailable: true, callRate: 150 });
  const member = await createMember(world.server, { name: 'Paul Short' });
  await giveTokens(world.server, member.user.id, 5);
  const { context, page } = await newPerson(world.browser, world.server.baseUrl);
  await context.addCookies([{ name: 'accessToken', value: member.token, url: world.server.baseUrl }]);

  await page.goto('/models/lena_sky');
  await page.getByRole('button', { name: 'Call Now' }).click();
  const refusal = page.getByRole('status').filter({ hasText: 'You need at least 10 tokens to make a call' });
  await expect.poll(() => refusal.isVisible()).toBe(true);
  expect(await page.getByRole('dialog').count()).toBe(0);
  await shot(page, 'call-refusal-tokens');
  await page.setViewportSize(PHONE);
  await refusal.scrollIntoViewIfNeeded();
  await shot(page, 'call-refusal-tokens-phone', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });

  await refusal.getByRole('link', { name: 'Buy tokens' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/tokens');
  await payForStarter(page, 'Paul Short');

  const back = page.getByRole('dialog', { name: 'Tokens added' }).getByRole('link', { name: 'Back to the call' });
  await expect.poll(() => back.isVisible(), { timeout: 15_000 }).toBe(true);
  await shot(page, 'call-refusal-back-to-call');
  await back.click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/models/lena_sky');
  // The refusal no longer holds: Call Now places the call.
  expect(await page.getByText('You need at least 10 tokens to make a call').count()).toBe(0);
  await page.getByRole('button', { name: 'Call Now' }).click();
  await expect
    .poll(() => page.getByRole('dialog', { name: 'Voice Call' }).getByText('Calling...').isVisible(), { timeout: 10_000 })
    .toBe(true);
  await context.close();
});

it('a signed-out visitor is offered Sign in beside Call Now and comes back to the profile signed in', async () => {
  await createModel(world.server, { name: 'Mira Dawn', username: 'mira_dawn', callAvailable: true, callRate: 100 });
  const member = await createMember(world.server, { name: 'Vic Visitor' });
  const { context, page } = await newPerson(world.browser, world.server.baseUrl);

  await page.goto('/models/mira_dawn');
  await page.getByRole('button', { name: 'Call Now' }).click();
  const refusal = page.getByRole('status').filter({ hasText: 'Please log in to make calls' });
  await expect.poll(() => refusal.isVisible()).toBe(true);
  await shot(page, 'call-refusal-sign-in');
  await refusal.getByRole('link', { name: 'Sign in' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/auth/login');

  await typeInto(page.getByLabel('E-mail'), member.user.email);
  await typeInto(page.getByLabel('Password', { exact: true }), TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/models/mira_dawn');
  expect(await page.getByText('Please log in to make calls').count()).toBe(0);
  await context.close();
});

it('Call Now leaves a profile already open the moment the model switches calls off, and comes back when she is available', async () => {
  const model = await createModel(world.server, { name: 'Nia Late', username: 'nia_late', callAvailable: true, callRate: 100 });
  const member = await createMember(world.server, { name: 'Olga Open' });
  await giveTokens(world.server, member.user.id, 50);
  const { context, page } = await newPerson(world.browser, world.server.baseUrl);
  await context.addCookies([{ name: 'accessToken', value: member.token, url: world.server.baseUrl }]);
  await page.goto('/models/nia_late');
  await socketConnected(page);
  const callNow = page.getByRole('button', { name: 'Call Now' });
  await expect.poll(() => callNow.isVisible()).toBe(true);

  // She switches calls off in her own browser.
  const her = await newPerson(world.browser, world.server.baseUrl);
  await her.context.addCookies([{ name: 'accessToken', value: model.token, url: world.server.baseUrl }]);
  await her.page.goto('/calls/settings');
  const available = her.page.getByRole('switch', { name: 'Available for calls' });
  await expect.poll(() => available.isChecked(), { timeout: 10_000 }).toBe(true);
  await available.click();
  await expect.poll(() => available.isChecked(), { timeout: 10_000 }).toBe(false);

  // The member's page follows without a reload or a click.
  await expect.poll(() => callNow.count(), { timeout: 10_000 }).toBe(0);
  expect(await page.getByText('Not taking calls right now').isVisible()).toBe(true);
  await shot(page, 'call-callability-off');

  await available.click();
  await expect.poll(() => callNow.isVisible(), { timeout: 10_000 }).toBe(true);
  await her.context.close();
  await context.close();
});

it('a model taking calls is told the ring is silent until she clicks, and one click (or turning availability on) lets it sound', async () => {
  const model = await createModel(world.server, { name: 'Rae Quiet', username: 'rae_quiet', callAvailable: true, callRate: 100 });
  const { context, page } = await newPerson(world.browser, world.server.baseUrl);
  await holdSoundUntilClicked(context);
  await context.addCookies([{ name: 'accessToken', value: model.token, url: world.server.baseUrl }]);
  await page.goto('/');
  await socketConnected(page);
  // Nothing clicked yet: the browser holds the page's sound back, and the page says so.
  const notice = page.getByRole('button', { name: 'Sound is off: click to turn ringing on' });
  await expect.poll(() => notice.isVisible(), { timeout: 10_000 }).toBe(true);
  await shot(page, 'ring-sound-off');
  await page.setViewportSize(PHONE);
  await shot(page, 'ring-sound-off-phone', { fullPage: false });
  await notice.click();
  await expect.poll(() => notice.count(), { timeout: 5_000 }).toBe(0);
  await context.close();

  // Switching availability on is itself the click that unlocks it.
  const off = await createModel(world.server, { name: 'Sol Later', username: 'sol_later', callAvailable: false, callRate: 100 });
  const later = await newPerson(world.browser, world.server.baseUrl);
  await holdSoundUntilClicked(later.context);
  await later.context.addCookies([{ name: 'accessToken', value: off.token, url: world.server.baseUrl }]);
  await later.page.goto('/calls/settings');
  const available = later.page.getByRole('switch', { name: 'Available for calls' });
  await expect.poll(() => available.isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await later.page.getByRole('button', { name: 'Sound is off: click to turn ringing on' }).count()).toBe(0);
  await available.click();
  await expect.poll(() => available.isChecked(), { timeout: 10_000 }).toBe(true);
  await later.page.waitForTimeout(300);
  expect(await later.page.getByRole('button', { name: 'Sound is off: click to turn ringing on' }).count()).toBe(0);
  await later.context.close();
});

import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createMember, createModel, giveTokens } from '../apps/server/src/test-support/factories';
import { shot, SHOTS } from './support/browser';
import { journeyWorld } from './support/world';

const world = journeyWorld();

const PHONE = { width: 390, height: 844 };

/** Types like a person, one key at a time, after emptying the field. */
async function typeKeys(page: Page, label: string, text: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.click();
  await field.press('ControlOrMeta+A');
  await field.press('Backspace');
  await field.pressSequentially(text, { delay: 40 });
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

it('a model sets her call rate and availability by typing, and a member sees the new rate and Call Now on her profile', async () => {
  // 3.00 tokens a minute, not taking calls yet (the factory writes hundredths).
  const model = await createModel(world.server, { name: 'Ruby Rose', username: 'ruby_rose', callRate: 300 });
  const fan = await createMember(world.server, { name: 'Sam Fan' });
  await giveTokens(world.server, fan.user.id, 50);

  const { context, page } = await world.signedIn(model.token);
  await page.goto('/');
  const prices = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Your prices' }) });
  await expect.poll(() => prices.getByText('3.00 tokens per minute').isVisible(), { timeout: 10_000 }).toBe(true);
  await prices.getByRole('link', { name: 'Change call rate' }).click();
  await page.waitForURL('**/calls/settings');

  const softphone = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Your softphone' }) });
  await expect
    .poll(() => softphone.getByText('Keep this site open to take calls: incoming calls ring here').isVisible(), { timeout: 10_000 })
    .toBe(true);
  expect(await softphone.getByRole('status', { name: 'Softphone: Calls are off' }).isVisible()).toBe(true);
  expect(await softphone.getByRole('button', { name: 'Allow notifications and sound' }).isVisible()).toBe(true);
  // The local provider rings this browser: no phone number is asked for.
  expect(await page.getByLabel('Phone number').count()).toBe(0);

  // A rate with three decimals is refused next to the field, as the server would.
  await typeKeys(page, 'Call rate', '4.505');
  await page.getByLabel('Call rate', { exact: true }).blur();
  await expect.poll(() => page.getByText('Enter an amount like 2.50').isVisible()).toBe(true);
  await typeKeys(page, 'Call rate', '4.50');
  await expect.poll(() => page.getByText('Enter an amount like 2.50').count()).toBe(0);
  await page.getByRole('button', { name: 'Save rate' }).click();
  await expect
    .poll(() => page.getByText('Members now pay 4.50 tokens per minute to call you.').isVisible(), { timeout: 10_000 })
    .toBe(true);
  expect(await page.getByText('Now 4.50 tokens per minute').isVisible()).toBe(true);

  const available = page.getByRole('switch', { name: 'Available for calls' });
  expect(await available.isChecked()).toBe(false);
  await available.click();
  await expect
    .poll(() => page.getByText('You are available for calls. Members see Call Now on your profile.').isVisible(), { timeout: 10_000 })
    .toBe(true);
  expect(await available.isChecked()).toBe(true);
  await expect.poll(() => softphone.getByRole('status', { name: 'Softphone: Ready' }).isVisible(), { timeout: 10_000 }).toBe(true);
  if (SHOTS) await page.waitForTimeout(4_500); // the toasts fade before the picture
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'call-settings-1280');

  // The server kept both: 4.50 tokens a minute, taking calls.
  const saved = await world.server.request('GET', '/api/masked-call/settings', { token: model.token });
  expect(saved.body.data).toMatchObject({ callRate: 4.5, callAvailable: true, provider: 'local' });

  // The dashboard shows the new rate at once.
  await page.goto('/');
  await expect.poll(() => prices.getByText('4.50 tokens per minute').isVisible(), { timeout: 10_000 }).toBe(true);
  await context.close();

  const member = await world.signedIn(fan.token);
  await member.page.goto('/models/ruby_rose');
  await expect.poll(() => member.page.getByText('4.50 tokens/min', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await member.page.getByRole('definition').filter({ hasText: 'Available for calls' }).isVisible()).toBe(true);
  expect(await member.page.getByRole('button', { name: 'Call Now' }).isVisible()).toBe(true);
  await member.context.close();

  const phone = await world.signedIn(model.token, PHONE);
  await phone.page.goto('/calls/settings');
  await expect.poll(() => phone.page.getByRole('switch', { name: 'Available for calls' }).isChecked(), { timeout: 10_000 }).toBe(true);
  expect(await noSidewaysScroll(phone.page)).toBe(true);
  await shot(phone.page, 'call-settings-390');
  await phone.context.close();
});

it('the history lists a finished call both ways, and each row opens a printable receipt', async () => {
  const model = await createModel(world.server, { name: 'Nora Blue', username: 'nora_blue', callRate: 300, callAvailable: true });
  const fan = await createMember(world.server, { name: 'Ivy Caller', username: 'ivy_caller' });
  await giveTokens(world.server, fan.user.id, 50);

  // Both are on the site (billing counts only while both are connected), Ivy on her empty call history.
  const { context, page } = await world.signedIn(fan.token);
  await page.goto('/');
  await page.getByRole('button', { name: /Ivy Caller/ }).click();
  await page.getByRole('menuitem', { name: 'Calls' }).click();
  await page.waitForURL('**/calls');
  await expect.poll(() => page.getByText('No calls yet').isVisible(), { timeout: 10_000 }).toBe(true);
  const modelView = await world.signedIn(model.token, PHONE);
  await modelView.page.goto('/calls');
  await expect.poll(() => modelView.page.getByText('No calls yet').isVisible(), { timeout: 10_000 }).toBe(true);

  // A real call through the API: placed, answered, billed for minute 1 at 5 s, ended by the caller.
  const placed = await world.server.request('POST', '/api/masked-call/initiate', { token: fan.token, body: { modelId: model.user.id } });
  expect(placed.status).toBe(200);
  const callId = placed.body.data.callId as string;
  const answered = await world.server.request('POST', `/api/masked-call/accept/${callId}`, { token: model.token });
  expect(answered.status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 6_500));
  const charged = await world.server.request('POST', `/api/masked-call/charge/${callId}`, { token: fan.token });
  expect(charged.body.data).toMatchObject({ minutesCharged: 1, tokensUsed: 3 });
  const ended = await world.server.request('POST', `/api/masked-call/end/${callId}`, { token: fan.token });
  expect(ended.body.data).toMatchObject({ status: 'ended', endReason: 'caller-ended', tokensUsed: 3 });
  const seconds = ended.body.data.duration as number;
  const duration = `0:${String(seconds).padStart(2, '0')}`;

  // A second call she declines.
  const second = await world.server.request('POST', '/api/masked-call/initiate', { token: fan.token, body: { modelId: model.user.id } });
  await world.server.request('POST', `/api/masked-call/decline/${second.body.data.callId}`, { token: model.token });

  // The open history shows both calls without a reload.
  const rows = page.getByRole('list', { name: 'Calls' }).getByRole('listitem');
  await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
  // Newest first: the declined call, then the one that was billed.
  await expect
    .poll(() => rows.nth(0).innerText(), { timeout: 10_000 })
    .toMatch(/Nora Blue[\s\S]*Outgoing[\s\S]*—[\s\S]*3\.00\/min[\s\S]*0\.00[\s\S]*Declined/);
  const billed = rows.nth(1);
  expect(await billed.innerText()).toMatch(
    new RegExp(`Nora Blue[\\s\\S]*Outgoing[\\s\\S]*${duration}[\\s\\S]*3\\.00/min[\\s\\S]*3\\.00[\\s\\S]*Ended`),
  );
  expect(await page.getByText('1–2 of 2').isVisible()).toBe(true);
  await shot(page, 'call-history-1280');

  await billed.getByRole('link', { name: 'Receipt for the call with Nora Blue' }).click();
  await page.waitForURL(`**/calls/${callId}`);
  const receipt = page.getByRole('article', { name: 'Call receipt' });
  await expect.poll(() => receipt.isVisible(), { timeout: 10_000 }).toBe(true);
  const text = await receipt.innerText();
  expect(text).toContain('You called Nora Blue.');
  // The labels are set in capitals by the style sheet; innerText reads them so.
  expect(text).toMatch(new RegExp(`Duration\\s+${duration}`, 'i'));
  expect(text).toMatch(/Rate\s+3\.00 tokens per minute/i);
  expect(text).toMatch(/Minutes charged\s+1\n/i);
  expect(text).toMatch(/Minute 1, charged at 0:05\s+1\s+3\.00/);
  expect(text).toMatch(/Total tokens paid\s+3\.00/);
  expect(text).toContain('Billed per started minute: minute 1 at 5 seconds, each further minute at its first second.');
  expect(text).toContain('You ended the call.');
  expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(true);
  await shot(page, 'call-receipt-1280');
  await context.close();

  // The model sees the same call as incoming, from Ivy.
  const modelRows = modelView.page.getByRole('list', { name: 'Calls' }).getByRole('listitem');
  await expect.poll(() => modelRows.count(), { timeout: 10_000 }).toBe(2);
  expect(await modelRows.nth(1).innerText()).toMatch(/Ivy Caller[\s\S]*Incoming[\s\S]*Ended/);
  expect(await modelView.page.getByRole('link', { name: 'Softphone and settings' }).isVisible()).toBe(true);
  expect(await noSidewaysScroll(modelView.page)).toBe(true);
  await shot(modelView.page, 'call-history-390');
  await modelView.page.goto(`/calls/${callId}`);
  await expect.poll(() => modelView.page.getByText('Ivy Caller called you.').isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await modelView.page.getByText('Total tokens charged to the caller').isVisible()).toBe(true);
  expect(await modelView.page.getByText('Ivy Caller ended the call.').isVisible()).toBe(true);
  expect(await noSidewaysScroll(modelView.page)).toBe(true);
  await shot(modelView.page, 'call-receipt-390');
  await modelView.context.close();
});

it('a member with no calls yet is told what will show there', async () => {
  const member = await createMember(world.server, { name: 'New Member' });
  const { context, page } = await world.signedIn(member.token);
  await page.goto('/calls');
  await expect.poll(() => page.getByText('No calls yet').isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await page.getByRole('link', { name: 'Browse models' }).getAttribute('href')).toBe('/models');
  await shot(page, 'call-history-empty-1280');
  await context.close();
});

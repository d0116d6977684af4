import { expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createAdmin, createMember, createModel, giveTokens } from '../apps/server/src/test-support/factories';
import { FAKE_MEDIA_FLAGS, shot, socketConnected } from './support/browser';
import { dialogShot, voiceCall } from './support/calls';
import { journeyWorld } from './support/world';

/**
 * Admin › Calls (docs/product.md#calls): a member calls a model and she accepts on her softphone —
 * two Chromium contexts with fake microphones on the local provider, as in calls.e2e.ts. An
 * administrator sees the call live with its ticking time, ends it, and both Voice Call modals leave
 * the connected stage; the row then says how it ended, and the audit log has the end.
 */
const world = journeyWorld({ browserFlags: FAKE_MEDIA_FLAGS });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
type Person = { context: BrowserContext; page: Page };

const signedIn = (token: string, viewport = DESKTOP): Promise<Person> => world.signedIn(token, viewport);

/** Opens `path` and waits until the page's live socket is up, so server events reach it. */
async function openLive(person: Person, path: string) {
  await person.page.goto(path);
  await socketConnected(person.page);
}

/** How far the page, and every table box on it, would scroll sideways (0 when nothing does). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const boxes = [document.documentElement, ...document.querySelectorAll<HTMLElement>('.ui-table__scroll')];
    return Math.max(...boxes.map((box) => box.scrollWidth - box.clientWidth));
  });

/** "01:05" → 65. */
const secondsOf = (clock: string | null) => Number((clock ?? '00:00').slice(0, 2)) * 60 + Number((clock ?? '00:00').slice(3, 5));

/** Calls that happened before, through the API: one the model declined, one the caller hung up. */
async function earlierCalls() {
  const model = await createModel(world.server, { name: 'Opal Away', username: 'opal_away', callAvailable: true, callRate: 150 });
  const caller = await createMember(world.server, { name: 'Rex Waiting', username: 'rex_waiting' });
  await giveTokens(world.server, caller.user.id, 20);
  const place = async () => {
    const res = await world.server.request('POST', '/api/masked-call/initiate', { token: caller.token, body: { modelId: model.user.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.callId as string;
  };
  const declined = await place();
  expect((await world.server.request('POST', `/api/masked-call/decline/${declined}`, { token: model.token })).status).toBe(200);
  const short = await place();
  expect((await world.server.request('POST', `/api/masked-call/accept/${short}`, { token: model.token })).status).toBe(200);
  expect((await world.server.request('POST', `/api/masked-call/end/${short}`, { token: caller.token })).status).toBe(200);
}

it(
  'an administrator sees a call live with its time ticking, ends it, both people see it end, and the audit log has it',
  { timeout: 150_000 },
  async () => {
    const admin = await createAdmin(world.server, { name: 'Ada Admin' });
    const model = await createModel(world.server, { name: 'Nova Voice', username: 'nova_admin', callAvailable: true, callRate: 200 });
    const fan = await createMember(world.server, { name: 'Kai Caller', username: 'kai_caller' });
    await giveTokens(world.server, fan.user.id, 50);
    await earlierCalls();

    // ---- a member calls the model; she accepts on her softphone ----------------------------------------
    const modelSide = await signedIn(model.token);
    await openLive(modelSide, '/');
    const fanSide = await signedIn(fan.token);
    await openLive(fanSide, '/models/nova_admin');
    await fanSide.page.getByRole('button', { name: 'Call Now' }).click();
    const dialog = voiceCall(fanSide.page);
    await expect.poll(() => dialog.getByText('Calling...').isVisible(), { timeout: 10_000 }).toBe(true);
    const softphone = voiceCall(modelSide.page);
    await expect.poll(() => softphone.getByText('Incoming Call').isVisible(), { timeout: 10_000 }).toBe(true);
    await softphone.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => dialog.getByText('Call Connected').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => softphone.getByText('Call Connected').isVisible(), { timeout: 10_000 }).toBe(true);

    // ---- the administrator sees it live ----------------------------------------------------------------
    const { context, page } = await signedIn(admin.token);
    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await nav.getByRole('link', { name: 'Calls', exact: true }).click();
    await page.waitForURL(/\/admin\/calls$/);
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(3);
    // Live first: the call in progress is the top row.
    const live = page.locator('tbody tr').first();
    expect(await live.innerText()).toContain('Kai Caller');
    expect(await live.getByText('Connected', { exact: true }).isVisible()).toBe(true);
    expect(await live.getByText('@kai_caller').isVisible()).toBe(true);
    expect(await live.getByText('@nova_admin').isVisible()).toBe(true);
    expect(await live.getByText('2.00 tokens/min').isVisible()).toBe(true);
    expect(await page.getByText('Live calls refresh every 5 seconds.').isVisible()).toBe(true);
    // The time ticks on its own, second by second.
    const timer = live.getByRole('timer');
    const first = secondsOf(await timer.textContent());
    await expect
      .poll(async () => secondsOf(await timer.textContent()), { timeout: 5_000, interval: 200 })
      .toBeGreaterThanOrEqual(first + 2);
    const rows = await page.locator('tbody tr').allInnerTexts();
    expect(rows[1]).toContain('Opal Away');
    expect(rows.some((row) => row.includes('Opal Away declined the call.'))).toBe(true);
    expect(rows.some((row) => row.includes('Rex Waiting ended the call.'))).toBe(true);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    // Past minute 1 (charged at 5 s), so the row shows a charge.
    await expect.poll(async () => secondsOf(await timer.textContent()), { timeout: 15_000, interval: 250 }).toBeGreaterThanOrEqual(7);
    await expect.poll(() => live.getByText('1 minute', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
    await shot(page, 'admin-calls-1280');

    // The Live filter shows this call alone; typed key by key, the search finds it by the caller.
    await page.getByRole('button', { name: 'Live', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'live');
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(1);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByLabel('Search calls').pressSequentially('kai_caller', { delay: 15 });
    await page.waitForURL((url) => url.searchParams.get('q') === 'kai_caller');
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(1);

    // ---- on a phone, while it is live -------------------------------------------------------------------
    const phone = await signedIn(admin.token, PHONE);
    await phone.page.goto('/admin/calls');
    await expect.poll(() => phone.page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(3);
    await phone.page.getByRole('timer').waitFor({ timeout: 5_000 });
    // Each call is a card: nothing, not even the table, scrolls sideways, and End call is in reach.
    expect(await sidewaysOverflow(phone.page)).toBeLessThanOrEqual(0);
    const phoneEnd = phone.page.getByRole('button', { name: 'End call between Kai Caller and Nova Voice' });
    const box = (await phoneEnd.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await shot(phone.page, 'admin-calls-390');
    await phoneEnd.click();
    await phone.page.getByRole('dialog', { name: 'End this call?' }).waitFor({ timeout: 5_000 });
    await dialogShot(phone.page, 'admin-call-end-390');
    await phone.page.getByRole('dialog', { name: 'End this call?' }).getByRole('button', { name: 'Cancel' }).click();
    await phone.context.close();

    // ---- the administrator ends it ------------------------------------------------------------------------
    await live.getByRole('button', { name: 'End call between Kai Caller and Nova Voice' }).click();
    const confirm = page.getByRole('dialog', { name: 'End this call?' });
    await confirm.waitFor({ timeout: 5_000 });
    expect(await confirm.innerText()).toContain('Kai Caller pays for the minutes started so far, at 2.00 tokens/min');
    await dialogShot(page, 'admin-call-end-1280');
    await confirm.getByRole('button', { name: 'End call' }).click();
    await expect.poll(() => page.getByText('Call ended.', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => confirm.count(), { timeout: 5_000 }).toBe(0);

    // The row says how it ended; its time stopped; no End call any more.
    await expect.poll(() => live.getByText('An administrator ended the call.').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await live.getByText('Ended', { exact: true }).isVisible()).toBe(true);
    expect(await live.getByRole('timer').count()).toBe(0);
    expect(await live.getByRole('button').count()).toBe(0);
    expect(await live.innerText()).toMatch(/\b00:\d\d\b/);
    expect(await live.innerText()).toContain('2.00 tokens');

    // Both Voice Call modals leave the connected stage: 'Call Ended', then they close.
    await expect
      .poll(async () => (await dialog.count()) === 0 || (await dialog.getByText('Call Ended').isVisible()), { timeout: 10_000 })
      .toBe(true);
    expect(await dialog.getByText('Call Connected').count()).toBe(0);
    await expect
      .poll(async () => (await softphone.count()) === 0 || (await softphone.getByText('Call Ended').isVisible()), { timeout: 10_000 })
      .toBe(true);
    const status = await world.server.request('GET', '/api/masked-call/history', { token: fan.token });
    expect(status.body.data.items[0]).toMatchObject({ status: 'ended', endReason: 'admin-ended' });
    // The toast goes by itself; the screenshot shows the table as it stays.
    await expect.poll(() => page.getByText('Call ended.', { exact: true }).count(), { timeout: 15_000 }).toBe(0);
    await shot(page, 'admin-calls-ended-1280');

    // ---- the audit log has the end ------------------------------------------------------------------------
    await nav.getByRole('link', { name: 'Audit log', exact: true }).click();
    await page.waitForURL(/\/admin\/audit$/);
    const entry = page.locator('tbody tr', { hasText: 'call.end' });
    await expect.poll(() => entry.count(), { timeout: 10_000 }).toBe(1);
    expect(await entry.innerText()).toContain(admin.user.email);
    expect(await entry.getByText('Ended call').isVisible()).toBe(true);
    const changes = await entry.getByRole('listitem').allInnerTexts();
    expect(changes).toContain('status: connected → ended');
    expect(changes).toContain('endReason: admin-ended');
    // Logged in hundredths of a token, shown in tokens as everywhere else.
    expect(changes).toContain('tokensCharged: 2.00 tokens');

    await context.close();
    await fanSide.context.close();
    await modelSide.context.close();
  },
);

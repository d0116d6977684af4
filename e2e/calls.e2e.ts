import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createMember, createModel, giveTokens } from '../apps/server/src/test-support/factories';
import { FAKE_MEDIA_FLAGS, launchBrowser, newPerson, shot, socketConnected } from './support/browser';
import { dialogShot, timerSeconds, voiceCall } from './support/calls';
import { startServer, type RunningServer } from './support/server';

/**
 * Paid voice calls between two browsers (docs/product.md#call-modal): the
 * local provider, so the model's "phone" is her own signed-in browser and the audio is real WebRTC
 * between two Chromium contexts with fake microphones.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser(FAKE_MEDIA_FLAGS)]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const PHONE = { width: 390, height: 844 };
type Person = { context: BrowserContext; page: Page };

/** A signed-in person whose page keeps every RTCPeerConnection it makes (to read its stats). */
async function signedIn(token: string, viewport?: { width: number; height: number }): Promise<Person> {
  const person = await newPerson(browser, server.baseUrl, viewport);
  await person.context.addCookies([{ name: 'accessToken', value: token, url: server.baseUrl }]);
  await person.context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const peers: RTCPeerConnection[] = [];
    (window as unknown as { __peers: RTCPeerConnection[] }).__peers = peers;
    window.RTCPeerConnection = class extends Native {
      constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
        super(...args);
        peers.push(this);
      }
    } as typeof RTCPeerConnection;
  });
  return person;
}

/** Audio bytes this page has received over its newest peer connection (inbound-rtp). */
const inboundAudioBytes = (page: Page) =>
  page.evaluate(async () => {
    const peer = (window as unknown as { __peers: RTCPeerConnection[] }).__peers.at(-1);
    if (!peer) return 0;
    let bytes = 0;
    (await peer.getStats()).forEach((report: { type: string; kind?: string; bytesReceived?: number }) => {
      if (report.type === 'inbound-rtp' && report.kind === 'audio') bytes += report.bytesReceived ?? 0;
    });
    return bytes;
  });

/** The caller's ledger lines for call minutes, oldest first. */
async function minuteCharges(token: string) {
  const res = await server.request('GET', '/api/wallet/entries?limit=50', { token });
  expect(res.status).toBe(200);
  return (res.body.data.items as { memo: string; amount: number; createdAt: string }[])
    .filter((entry) => /^Voice call, minute \d+$/.test(entry.memo))
    .map((entry) => ({ memo: entry.memo, amount: entry.amount, at: Date.parse(entry.createdAt) }))
    .reverse();
}

/** Holds the initiate request a moment so the Initiating stage can be seen and photographed. */
async function slowInitiate(page: Page) {
  await page.route('**/api/masked-call/initiate', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
}

it(
  'a member calls a model, she accepts on her softphone, both hear each other, minutes 1 and 2 are charged at 5 s and 61 s, and ending shows the total',
  { timeout: 180_000 },
  async () => {
    const model = await createModel(server, { name: 'Nova Voice', username: 'nova_voice', callAvailable: true, callRate: 200 });
    const fan = await createMember(server, { name: 'Kai Caller' });
    await giveTokens(server, fan.user.id, 50);

    // The model is somewhere else in the app, on a phone: the global listener rings her there.
    const modelSide = await signedIn(model.token, PHONE);
    await modelSide.page.goto('/messages');
    await socketConnected(modelSide.page);

    const fanSide = await signedIn(fan.token);
    const { page } = fanSide;
    await page.goto('/models/nova_voice');
    await socketConnected(page);
    expect(await page.getByText('2.00 tokens/min · billed per started minute').isVisible()).toBe(true);
    await shot(page, 'calls-profile-call-now');

    await slowInitiate(page);
    await page.getByRole('button', { name: 'Call Now' }).click();
    const dialog = voiceCall(page);
    await expect.poll(() => dialog.getByText('Initiating Call...').isVisible(), { timeout: 5_000 }).toBe(true);
    expect(await dialog.getByText('Setting up your call to Nova Voice').isVisible()).toBe(true);
    await dialogShot(page, 'calls-initiating');

    await expect.poll(() => dialog.getByText('Calling...').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await dialog.getByText('2.00 tokens/min').isVisible()).toBe(true);
    expect(await page.getByText('Call initiated. Waiting for model to answer...').isVisible()).toBe(true);
    await dialogShot(page, 'calls-ringing');

    // Her softphone rings: the spec's toast and the modal with Accept and Decline.
    const softphone = voiceCall(modelSide.page);
    await expect.poll(() => softphone.getByText('Incoming Call').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(
      await modelSide.page.getByText('Incoming Call: Kai Caller is calling your phone. Check your phone to accept or decline.').isVisible(),
    ).toBe(true);
    expect(await softphone.getByText('Kai Caller').isVisible()).toBe(true);
    await dialogShot(modelSide.page, 'calls-incoming-phone');
    await softphone.getByRole('button', { name: 'Accept' }).click();

    await expect.poll(() => dialog.getByText('Call Connected').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => softphone.getByText('Call Connected').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByText('Call connected!', { exact: true }).isVisible()).toBe(true);

    // The voice link: connected, with the call's id as its callSid (local provider).
    const status = dialog.locator('[data-voice-status]');
    await expect.poll(() => status.getAttribute('data-voice-status'), { timeout: 15_000 }).toBe('connected');
    const callId = (await status.getAttribute('data-call-sid'))!;
    expect(callId).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByText('Voice call connected!').isVisible(), { timeout: 5_000 }).toBe(true);
    await expect
      .poll(() => softphone.locator('[data-voice-status]').getAttribute('data-voice-status'), { timeout: 15_000 })
      .toBe('connected');

    // Both sides receive audio: their inbound bytes keep growing.
    const before = [await inboundAudioBytes(page), await inboundAudioBytes(modelSide.page)];
    await page.waitForTimeout(2000);
    const after = [await inboundAudioBytes(page), await inboundAudioBytes(modelSide.page)];
    expect(after[0]!).toBeGreaterThan(before[0]!);
    expect(after[1]!).toBeGreaterThan(before[1]!);

    // The timer runs; minute 1 is charged at 5 s.
    await expect.poll(() => timerSeconds(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(7);
    const status1 = await server.request('GET', `/api/masked-call/status/${callId}`, { token: fan.token });
    const connectedAt = Date.parse(status1.body.data.connectedAt);
    const afterMinute1 = await minuteCharges(fan.token);
    expect(afterMinute1.map((c) => [c.memo, c.amount])).toEqual([['Voice call, minute 1', -2]]);
    expect((afterMinute1[0]!.at - connectedAt) / 1000).toBeGreaterThanOrEqual(4.5);
    expect((afterMinute1[0]!.at - connectedAt) / 1000).toBeLessThan(7);
    expect(await dialog.getByText('Tokens used: 2.00 (2.00 tokens/min)').isVisible()).toBe(true);
    await dialogShot(page, 'calls-connected');
    await dialogShot(modelSide.page, 'calls-connected-phone');

    // Minute 2 at 61 s, once.
    await expect.poll(() => timerSeconds(page), { timeout: 70_000, interval: 1000 }).toBeGreaterThanOrEqual(63);
    const afterMinute2 = await minuteCharges(fan.token);
    expect(afterMinute2.map((c) => [c.memo, c.amount])).toEqual([
      ['Voice call, minute 1', -2],
      ['Voice call, minute 2', -2],
    ]);
    expect((afterMinute2[1]!.at - connectedAt) / 1000).toBeGreaterThanOrEqual(60.5);
    expect((afterMinute2[1]!.at - connectedAt) / 1000).toBeLessThan(63);
    expect(await dialog.getByText('Tokens used: 4.00 (2.00 tokens/min)').isVisible()).toBe(true);

    // Mute toggles the local track; the button says which way.
    await dialog.getByRole('button', { name: 'Mute' }).click();
    expect(await dialog.getByRole('button', { name: 'Unmute' }).isVisible()).toBe(true);

    // Ending: 'Call Ended' with the duration and the total; the modal closes 3 s later.
    await dialog.getByRole('button', { name: 'End call' }).click();
    await expect.poll(() => dialog.getByText('Call Ended').isVisible(), { timeout: 5_000, interval: 50 }).toBe(true);
    const endedSeen = Date.now();
    expect(await dialog.getByText('4.00 tokens').isVisible()).toBe(true);
    expect(await dialog.getByText(/^01:0\d$/).isVisible()).toBe(true);
    expect(await page.getByText(/^Call ended\. Duration: 1:0\d$/).isVisible()).toBe(true);
    await dialogShot(page, 'calls-ended');
    await expect.poll(() => softphone.getByText('Call Ended').isVisible(), { timeout: 5_000 }).toBe(true);
    await dialogShot(modelSide.page, 'calls-ended-phone');
    await expect.poll(() => dialog.count(), { timeout: 6_000, interval: 100 }).toBe(0);
    const closedAfter = Date.now() - endedSeen;
    expect(closedAfter).toBeGreaterThan(2_000);
    expect(closedAfter).toBeLessThan(4_500);

    // Exactly two minutes were paid: 50 − 4 tokens.
    expect((await minuteCharges(fan.token)).length).toBe(2);
    const wallet = await server.request('GET', '/api/wallet', { token: fan.token });
    expect(wallet.body.data.balance).toBe(46);

    await fanSide.context.close();
    await modelSide.context.close();
  },
);

it('a declined call shows Call Declined to the caller, on a phone', { timeout: 60_000 }, async () => {
  const model = await createModel(server, { name: 'Iris Decline', username: 'iris_decline', callAvailable: true, callRate: 300 });
  const fan = await createMember(server, { name: 'Lee Phone' });
  await giveTokens(server, fan.user.id, 30);

  const modelSide = await signedIn(model.token);
  await modelSide.page.goto('/');
  await socketConnected(modelSide.page);

  const fanSide = await signedIn(fan.token, PHONE);
  const { page } = fanSide;
  await page.goto('/models/iris_decline');
  await socketConnected(page);
  await shot(page, 'calls-profile-call-now-phone');
  await slowInitiate(page);
  await page.getByRole('button', { name: 'Call Now' }).click();
  const dialog = voiceCall(page);
  await expect.poll(() => dialog.getByText('Initiating Call...').isVisible(), { timeout: 5_000 }).toBe(true);
  await dialogShot(page, 'calls-initiating-phone');
  await expect.poll(() => dialog.getByText('Calling...').isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await dialog.getByText('3.00 tokens/min').isVisible()).toBe(true);
  await dialogShot(page, 'calls-ringing-phone');

  const softphone = voiceCall(modelSide.page);
  await expect.poll(() => softphone.getByText('Incoming Call').isVisible(), { timeout: 10_000 }).toBe(true);
  await dialogShot(modelSide.page, 'calls-incoming');
  await softphone.getByRole('button', { name: 'Decline' }).click();
  await expect.poll(() => softphone.count(), { timeout: 5_000 }).toBe(0);

  await expect.poll(() => dialog.getByText('Call Declined').isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await dialog.getByText('The call was declined').isVisible()).toBe(true);
  expect(await page.getByText('Call was declined', { exact: true }).isVisible()).toBe(true);
  await dialogShot(page, 'calls-declined-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialogShot(page, 'calls-declined');

  // Nothing was charged.
  expect(await minuteCharges(fan.token)).toEqual([]);
  await fanSide.context.close();
  await modelSide.context.close();
});

it('Call Now says each of its three validation messages, word for word', { timeout: 60_000 }, async () => {
  const model = await createModel(server, { name: 'Mia Rules', username: 'mia_rules', callAvailable: true, callRate: 200 });

  // Signed out.
  const visitor = await newPerson(browser, server.baseUrl);
  await visitor.page.goto('/models/mia_rules');
  await visitor.page.getByRole('button', { name: 'Call Now' }).click();
  await expect.poll(() => visitor.page.getByText('Please log in to make calls').isVisible(), { timeout: 5_000 }).toBe(true);
  expect(await voiceCall(visitor.page).count()).toBe(0);
  await shot(visitor.page, 'calls-validation-signed-out');
  await visitor.context.close();

  // Under 10 tokens.
  const poor = await createMember(server, { name: 'Pat Poor' });
  await giveTokens(server, poor.user.id, 9.99);
  const poorSide = await signedIn(poor.token);
  await poorSide.page.goto('/models/mia_rules');
  await poorSide.page.getByRole('button', { name: 'Call Now' }).click();
  await expect.poll(() => poorSide.page.getByText('You need at least 10 tokens to make a call').isVisible(), { timeout: 5_000 }).toBe(true);
  expect(await voiceCall(poorSide.page).count()).toBe(0);
  await poorSide.context.close();

  // The model stops taking calls after the page showed her as callable: the server refuses with the spec's words.
  const rich = await createMember(server, { name: 'Ria Rich' });
  await giveTokens(server, rich.user.id, 40);
  const richSide = await signedIn(rich.token);
  await richSide.page.goto('/models/mia_rules');
  await richSide.page.getByRole('button', { name: 'Call Now' }).waitFor();
  const off = await server.request('PUT', '/api/masked-call/settings', { token: model.token, body: { callAvailable: false } });
  expect(off.status).toBe(200);
  await richSide.page.getByRole('button', { name: 'Call Now' }).click();
  await expect
    .poll(() => richSide.page.getByText('This model is not available for calls at the moment').isVisible(), { timeout: 5_000 })
    .toBe(true);
  await expect.poll(() => voiceCall(richSide.page).count(), { timeout: 5_000 }).toBe(0);

  // A fresh look at her profile no longer offers the button.
  await richSide.page.reload();
  await richSide.page.getByRole('heading', { level: 1, name: 'Mia Rules' }).waitFor();
  expect(await richSide.page.getByRole('button', { name: 'Call Now' }).count()).toBe(0);
  await richSide.context.close();
});

import { expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createMember, createModel, giveTokens } from '../apps/server/src/test-support/factories';
import { FAKE_MEDIA_FLAGS, newPerson, shot, socketConnected } from './support/browser';
import { dialogShot, minuteCharges, slowInitiate, timerSeconds, voiceCall } from './support/calls';
import { journeyWorld } from './support/world';

/**
 * Paid voice calls between two browsers (docs/product.md#call-modal): the
 * local provider, so the model's "phone" is her own signed-in browser and the audio is real WebRTC
 * between two Chromium contexts with fake microphones.
 */
const world = journeyWorld({ browserFlags: FAKE_MEDIA_FLAGS });

const PHONE = { width: 390, height: 844 };
type Person = { context: BrowserContext; page: Page };

/** A signed-in person whose page keeps every RTCPeerConnection it makes (to read its stats). */
async function signedIn(token: string, viewport?: { width: number; height: number }): Promise<Person> {
  const person = await newPerson(world.browser, world.server.baseUrl, viewport);
  await person.context.addCookies([{ name: 'accessToken', value: token, url: world.server.baseUrl }]);
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

it(
  'a member calls a model, she accepts on her softphone, both hear each other, minutes 1 and 2 are charged at 5 s and 61 s, and ending shows the total',
  { timeout: 180_000 },
  async () => {
    const model = await createModel(world.server, { name: 'Nova Voice', username: 'nova_voice', callAvailable: true, callRate: 200 });
    const fan = await createMember(world.server, { name: 'Kai Caller' });
    await giveTokens(world.server, fan.user.id, 50);

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
    // Her toasts: 'Call connected!', then the voice link's, each in place of the one before.
    await expect
      .poll(() => page.getByText(/^(Call connected!|Connecting to voice call\.\.\.|Voice call connected!)$/).isVisible(), {
        timeout: 5_000,
      })
      .toBe(true);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(1);

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
    const status1 = await world.server.request('GET', `/api/masked-call/status/${callId}`, { token: fan.token });
    const connectedAt = Date.parse(status1.body.data.connectedAt);
    const afterMinute1 = await minuteCharges(world.server, fan.token);
    expect(afterMinute1.map((c) => [c.memo, c.amount])).toEqual([['Voice call, minute 1', -2]]);
    expect((afterMinute1[0]!.at - connectedAt) / 1000).toBeGreaterThanOrEqual(4.5);
    expect((afterMinute1[0]!.at - connectedAt) / 1000).toBeLessThan(7);
    expect(await dialog.getByText('Tokens used: 2.00 (2.00 tokens/min)').isVisible()).toBe(true);
    await dialogShot(page, 'calls-connected');
    await dialogShot(modelSide.page, 'calls-connected-phone');

    // Minute 2 at 61 s, once.
    await expect.poll(() => timerSeconds(page), { timeout: 70_000, interval: 1000 }).toBeGreaterThanOrEqual(63);
    const afterMinute2 = await minuteCharges(world.server, fan.token);
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
    expect((await minuteCharges(world.server, fan.token)).length).toBe(2);
    const wallet = await world.server.request('GET', '/api/wallet', { token: fan.token });
    expect(wallet.body.data.balance).toBe(46);

    await fanSide.context.close();
    await modelSide.context.close();
  },
);

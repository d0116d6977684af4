import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callRoutes } from '@cc/contracts';
import { fakeApi } from '../../../../test/fakeApi';
import type { VoiceToken } from '../api/callsApi';
import type { VoiceStatus } from '../model/callSlice';
import { voiceLinkByProvider } from '../voice/providerVoiceLink';
import { twilioVoiceLinkWith, type TwilioDeviceClass } from '../voice/twilioVoiceLink';
import type { CreateVoiceLink, VoiceLinkOptions } from '../voice/types';
import { ada, CALL_ID as HARNESS_CALL_ID, fakeVoice, renderCalls, RUBY_ID } from './callHarness';

const CALL_ID = '00000000-0000-4000-8000-0000000c0001';
const FIRST_JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJncmFudHMiOnt9fQ.first';
const FRESH_JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJncmFudHMiOnt9fQ.fresh';

type Listener = (...args: unknown[]) => void;

/** Twilio's side of the SDK, played by the test: events are emitted by hand. */
class Emitter {
  private listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}

class FakeCall extends Emitter {
  parameters: Record<string, string> = {};
  mutes: boolean[] = [];
  disconnected = 0;
  mute(shouldMute = true) {
    this.mutes.push(shouldMute);
  }
  disconnect() {
    this.disconnected += 1;
  }
}

function fakeTwilio({ connectFails = false } = {}) {
  const devices: FakeDevice[] = [];
  let loads = 0;
  class FakeDevice extends Emitter {
    connects: { params: Record<string, string> }[] = [];
    updatedTokens: string[] = [];
    destroyed = false;
    call = new FakeCall();
    constructor(
      public token: string,
      public options: { closeProtection: boolean },
    ) {
      super();
      devices.push(this);
    }
    connect(options: { params: Record<string, string> }) {
      this.connects.push(options);
      if (connectFails) return Promise.reject(new Error('ConnectionError (31005): Error sent from gateway in HANGUP'));
      return Promise.resolve(this.call);
    }
    updateToken(token: string) {
      this.updatedTokens.push(token);
    }
    destroy() {
      this.destroyed = true;
    }
  }
  const load = () => {
    loads += 1;
    return Promise.resolve(FakeDevice as unknown as TwilioDeviceClass);
  };
  return { load, devices, loads: () => loads };
}

const twilioToken = (token = FIRST_JWT): VoiceToken => ({ token, identity: 'member_0000', provider: 'twilio', iceServers: [] });

function openLink(
  twilio: ReturnType<typeof fakeTwilio>,
  fetchToken: VoiceLinkOptions['fetchToken'] = () => Promise.resolve(twilioToken()),
) {
  const statuses: VoiceStatus[] = [];
  const link = twilioVoiceLinkWith(twilio.load)({
    callId: CALL_ID,
    party: 'caller',
    makeOffer: true,
    fetchToken,
    signals: { send: () => undefined, listen: () => () => undefined },
    onStatus: (status) => statuses.push(status),
    onRemoteStream: () => undefined,
  });
  return { link, statuses };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the Twilio voice link', () => {
  it("registers a Device with the token and joins conference:{callId} with callId; 'accept' is connected with the CallSid", async () => {
    const twilio = fakeTwilio();
    const { link, statuses } = openLink(twilio);
    // The SDK is loaded only when a call joins.
    expect(twilio.loads()).toBe(0);

    await link.connect();
    expect(twilio.loads()).toBe(1);
    const [device] = twilio.devices;
    expect(device!.token).toBe(FIRST_JWT);
    expect(device!.options).toEqual({ closeProtection: true });
    expect(device!.connects).toEqual([
      { params: { To: 'conference:00000000-0000-4000-8000-0000000c0001', callId: '00000000-0000-4000-8000-0000000c0001' } },
    ]);
    expect(statuses).toEqual([{ status: 'connecting' }]);

    device!.call.parameters = { CallSid: 'CA0123456789abcdef0123456789abcdef' };
    device!.call.emit('accept', device!.call);
    expect(statuses).toEqual([{ status: 'connecting' }, { status: 'connected', callSid: 'CA0123456789abcdef0123456789abcdef' }]);
  });

  it('mutes and unmutes the call, including a mute chosen before the call joined', async () => {
    const twilio = fakeTwilio();
    const { link } = openLink(twilio);
    link.setMuted(true);
    await link.connect();
    const call = twilio.devices[0]!.call;
    expect(call.mutes).toEqual([true]);
    link.setMuted(false);
    link.setMuted(true);
    expect(call.mutes).toEqual([true, false, true]);
  });

  it('hanging up disconnects the call and destroys the device; the status returns to disconnected once', async () => {
    const twilio = fakeTwilio();
    const { link, statuses } = openLink(twilio);
    await link.connect();
    const device = twilio.devices[0]!;
    device.call.parameters = { CallSid: 'CA1' };
    device.call.emit('accept');

    link.disconnect();
    expect(device.call.disconnected).toBe(1);
    expect(device.destroyed).toBe(true);
    // Twilio then reports the call's end; the link has already said so.
    device.call.emit('disconnect');
    link.disconnect();
    expect(statuses).toEqual([{ status: 'connecting' }, { status: 'connected', callSid: 'CA1' }, { status: 'disconnected' }]);
    expect(device.call.disconnected).toBe(1);
  });

  it("Twilio's 'disconnect' (the other side left the conference) sets the status to disconnected", async () => {
    const twilio = fakeTwilio();
    const { link, statuses } = openLink(twilio);
    await link.connect();
    twilio.devices[0]!.call.emit('accept');
    twilio.devices[0]!.call.emit('disconnect');
    expect(statuses.at(-1)).toEqual({ status: 'disconnected' });
  });

  it("an SDK error after joining is 'Voice call connection failed', told once when the call and the device both report it", async () => {
    const twilio = fakeTwilio();
    const { link, statuses } = openLink(twilio);
    await link.connect();
    const device = twilio.devices[0]!;
    device.call.emit('accept');
    const error = { code: 31005, message: 'Error sent from gateway in HANGUP' };
    device.call.emit('error', error);
    device.emit('error', error, device.call);
    expect(statuses.filter((status) => status.status === 'error')).toEqual([{ status: 'error', message: 'Voice call connection failed' }]);
  });

  it("fetches a fresh token on 'tokenWillExpire' and gives it to the device", async () => {
    const twilio = fakeTwilio();
    const answers = [twilioToken(FIRST_JWT), twilioToken(FRESH_JWT)];
    let requests = 0;
    const { link } = openLink(twilio, () => Promise.resolve(answers[requests++]!));
    await link.connect();
    const device = twilio.devices[0]!;
    expect(requests).toBe(1);

    device.emit('tokenWillExpire', device);
    await tick();
    expect(requests).toBe(2);
    expect(device.updatedTokens).toEqual([FRESH_JWT]);
  });

  it("a failed token request raises 'API request failed' and registers no device", async () => {
    const twilio = fakeTwilio();
    const { link, statuses } = openLink(twilio, () => Promise.reject(new Error('HTTP 500')));
    await expect(link.connect()).rejects.toThrow('API request failed');
    expect(statuses).toEqual([{ status: 'connecting' }, { status: 'error', message: 'API request failed' }]);
    expect(twilio.loads()).toBe(0);
  });

  it('a token that is not a JWT of three parts is refused before the SDK loads', async () => {
    const twilio = fakeTwilio();
    const { link, statuses } = openLink(twilio, () => Promise.resolve(twilioToken('not-a-jwt')));
    await expect(link.connect()).rejects.toThrow('The voice token is not a JWT');
    expect(statuses.at(-1)).toEqual({ status: 'error', message: 'The voice token is not a JWT' });
    expect(twilio.devices).toHaveLength(0);
  });

  it("a conference join Twilio refuses rejects connect with the status 'Voice call connection failed' and frees the device", async () => {
    const twilio = fakeTwilio({ connectFails: true });
    const { link, statuses } = openLink(twilio);
    await expect(link.connect()).rejects.toThrow('ConnectionError (31005)');
    expect(statuses).toEqual([{ status: 'connecting' }, { status: 'error', message: 'Voice call connection failed' }]);
    expect(twilio.devices[0]!.destroyed).toBe(true);
  });

  it('hanging up while the SDK is still loading registers no device', async () => {
    const twilio = fakeTwilio();
    const { link, statuses } = openLink(twilio);
    const joining = link.connect();
    link.disconnect();
    await joining;
    expect(twilio.devices).toHaveLength(0);
    expect(statuses).toEqual([{ status: 'connecting' }, { status: 'disconnected' }]);
  });
});

describe('the voice link of the site’s provider', () => {
  /** Records which link was made, with the options it got. */
  function recordingLinks() {
    const made: { provider: 'local' | 'twilio'; options: VoiceLinkOptions; tokens: VoiceToken[] }[] = [];
    const recorder =
      (provider: 'local' | 'twilio'): CreateVoiceLink =>
      (options) => {
        const entry = { provider, options, tokens: [] as VoiceToken[] };
        made.push(entry);
        return {
          connect: async () => {
            entry.tokens.push(await options.fetchToken());
          },
          setMuted: () => undefined,
          disconnect: () => undefined,
        };
      };
    return { made, create: voiceLinkByProvider({ local: recorder('local'), twilio: recorder('twilio') }) };
  }

  function optionsFor(party: 'caller' | 'model', answers: VoiceToken[]) {
    let requests = 0;
    const statuses: VoiceStatus[] = [];
    const options: VoiceLinkOptions = {
      callId: CALL_ID,
      party,
      makeOffer: party === 'caller',
      fetchToken: () => Promise.resolve(answers[Math.min(requests++, answers.length - 1)]!),
      signals: { send: () => undefined, listen: () => () => undefined },
      onStatus: (status) => statuses.push(status),
      onRemoteStream: () => undefined,
    };
    return { options, statuses, requests: () => requests };
  }

  it("the caller joins Twilio's conference when the token answer says 'twilio', with that one token request", async () => {
    const { made, create } = recordingLinks();
    const { options, requests } = optionsFor('caller', [twilioToken(FIRST_JWT), twilioToken(FRESH_JWT)]);
    await create(options).connect();
    expect(made.map((link) => link.provider)).toEqual(['twilio']);
    expect(made[0]!.tokens.map((token) => token.token)).toEqual([FIRST_JWT]);
    expect(requests()).toBe(1);
  });

  it("with 'local' both browsers link over WebRTC", async () => {
    const { made, create } = recordingLinks();
    const local: VoiceToken = { token: FIRST_JWT, identity: 'u-1', provider: 'local', iceServers: [] };
    await create(optionsFor('caller', [local]).options).connect();
    await create(optionsFor('model', [local]).options).connect();
    expect(made.map((link) => `${link.provider}:${link.options.party}`)).toEqual(['local:caller', 'local:model']);
  });

  it("with 'twilio' the model's browser joins nothing: she answers on her phone, and the status stays disconnected", async () => {
    const { made, create } = recordingLinks();
    const { options, statuses } = optionsFor('model', [twilioToken()]);
    const link = create(options);
    await link.connect();
    expect(made).toHaveLength(0);
    link.disconnect();
    expect(statuses).toEqual([{ status: 'disconnected' }]);
  });
});

describe('a Twilio call in the Voice Call modal', () => {
  const dialog = () => screen.getByRole('dialog', { name: 'Voice Call' });
  const voiceStatus = () => dialog().querySelector('[data-voice-status]');
  const ruby = { _id: RUBY_ID, name: 'Ruby Rose', username: 'ruby', avatarUrl: null };

  /** The modal's voice links are the site's real choice, with Twilio's SDK played by the test. */
  function siteVoice(twilio: ReturnType<typeof fakeTwilio>) {
    return { ...fakeVoice(), create: voiceLinkByProvider({ local: fakeVoice().create, twilio: twilioVoiceLinkWith(twilio.load) }) };
  }

  /** Ada calls Ruby on a Twilio site and Ruby answers her phone ('call:connected'). */
  async function adaConnected(twilio: ReturnType<typeof fakeTwilio>) {
    const api = fakeApi()
      .answer(callRoutes.initiate, { callId: HARNESS_CALL_ID, callRate: 2, status: 'ringing', model: ruby })
      .answer(callRoutes.voiceToken, twilioToken());
    const view = renderCalls({ voice: siteVoice(twilio) });
    fireEvent.click(screen.getByRole('button', { name: 'Call Now' }));
    expect(await within(dialog()).findByText('Calling...')).toBeVisible();
    view.send('call:connected', { callId: HARNESS_CALL_ID, connectedAt: '2026-03-01T10:00:05.000Z' });
    // In the stack of toasts: a failed join's toast may already stand in front of it, hiding its text.
    expect(await screen.findByText('Connecting to voice call...')).toBeInTheDocument();
    return { ...view, api };
  }

  it("the caller's browser joins the conference; Twilio's accept shows 'Voice call connected!' with the CallSid, and mute reaches the call", async () => {
    const twilio = fakeTwilio();
    const { api, send } = await adaConnected(twilio);
    await waitFor(() => expect(twilio.devices[0]?.connects).toHaveLength(1));
    const device = twilio.devices[0]!;
    expect(device.connects[0]).toEqual({ params: { To: `conference:${HARNESS_CALL_ID}`, callId: HARNESS_CALL_ID } });
    expect(api.requestsTo(callRoutes.voiceToken)).toHaveLength(1);
    expect(voiceStatus()!).toHaveAttribute('data-voice-status', 'connecting');

    device.call.parameters = { CallSid: 'CA0123456789abcdef0123456789abcdef' };
    device.call.emit('accept', device.call);
    expect(await screen.findByText('Voice call connected!')).toBeVisible();
    expect(voiceStatus()!).toHaveAttribute('data-voice-status', 'connected');
    expect(voiceStatus()!).toHaveAttribute('data-call-sid', 'CA0123456789abcdef0123456789abcdef');

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Mute' }));
    expect(within(dialog()).getByRole('button', { name: 'Unmute' })).toBeVisible();
    expect(device.call.mutes.at(-1)).toBe(true);

    // The server ends the call: the browser leaves the conference and frees the device.
    send('call:ended', { callId: HARNESS_CALL_ID, duration: 65, finalTokens: 4, reason: 'model-ended' });
    expect(within(dialog()).getByText('Call Ended')).toBeVisible();
    expect(device.call.disconnected).toBe(1);
    expect(device.destroyed).toBe(true);
  });

  it("a connection that breaks after joining shows 'Voice call connection failed'", async () => {
    const twilio = fakeTwilio();
    await adaConnected(twilio);
    await waitFor(() => expect(twilio.devices[0]?.connects).toHaveLength(1));
    const device = twilio.devices[0]!;
    device.call.emit('accept', device.call);
    device.call.emit('error', { code: 31003, message: 'ICE connection failed' });
    expect(await screen.findByText('Voice call connection failed')).toBeVisible();
    expect(voiceStatus()!).toHaveAttribute('data-voice-status', 'error');
  });

  it("a conference join Twilio refuses shows 'Failed to connect to call' and 'Failed to connect to voice call'", async () => {
    const twilio = fakeTwilio({ connectFails: true });
    await adaConnected(twilio);
    // The first toast stands behind the second in sonner's stack (its text hidden until hovered).
    expect(await screen.findByText('Failed to connect to call')).toBeInTheDocument();
    expect(await screen.findByText('Failed to connect to voice call')).toBeVisible();
    expect(twilio.devices[0]!.destroyed).toBe(true);
  });

  it('the model is told to check her phone: no Accept or Decline, no Mute, and her browser joins no conference', async () => {
    const twilio = fakeTwilio();
    fakeApi()
      .answer(callRoutes.settings, { callRate: 2, callAvailable: true, phoneNumber: '+14155550123', provider: 'twilio' })
      .answer(callRoutes.voiceToken, twilioToken());
    const { send } = renderCalls({
      me: ada({ _id: RUBY_ID, name: 'Ruby Rose', type: 'model', balance: 0 }),
      model: null,
      voice: siteVoice(twilio),
    });

    send('call:incoming', { callId: HARNESS_CALL_ID, fromUser: { _id: 'u-1', name: 'Ada Lovelace', username: 'ada_l' }, callRate: 2 });
    expect(
      await screen.findByText('Incoming Call: Ada Lovelace is calling your phone. Check your phone to accept or decline.'),
    ).toBeVisible();
    expect(within(dialog()).getByText('Incoming Call')).toBeVisible();
    expect(await within(dialog()).findByText('Check your phone to accept or decline')).toBeVisible();
    expect(within(dialog()).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(within(dialog()).queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();

    // She answered her phone; Twilio's conference tells the server, the server tells her page.
    send('call:connected', { callId: HARNESS_CALL_ID, connectedAt: '2026-03-01T10:00:05.000Z' });
    expect(within(dialog()).getByText('Call Connected')).toBeVisible();
    expect(within(dialog()).getByText('On your phone')).toBeVisible();
    expect(within(dialog()).queryByRole('button', { name: 'Mute' })).not.toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'End call' })).toBeVisible();
    await tick();
    await tick();
    expect(twilio.loads()).toBe(0);
    expect(twilio.devices).toHaveLength(0);
  });

  it('on a local site the model keeps Accept and Decline on her softphone', async () => {
    fakeApi().answer(callRoutes.settings, { callRate: 2, callAvailable: true, phoneNumber: null, provider: 'local' });
    const { send } = renderCalls({ me: ada({ _id: RUBY_ID, name: 'Ruby Rose', type: 'model', balance: 0 }), model: null });
    send('call:incoming', { callId: HARNESS_CALL_ID, fromUser: { _id: 'u-1', name: 'Ada Lovelace', username: 'ada_l' }, callRate: 2 });
    await waitFor(() => expect(within(dialog()).getByRole('button', { name: 'Accept' })).toBeVisible());
    await tick();
    expect(within(dialog()).getByRole('button', { name: 'Accept' })).toBeVisible();
    expect(within(dialog()).getByRole('button', { name: 'Decline' })).toBeVisible();
    expect(within(dialog()).queryByText('Check your phone to accept or decline')).not.toBeInTheDocument();
  });
});

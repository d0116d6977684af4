import { expect, it } from 'vitest';
import type { VoiceStatus } from '../model/callSlice';
import { createLocalVoiceLink } from '../voice/localVoiceLink';
import type { VoiceLinkOptions } from '../voice/types';

const CALL_ID = '00000000-0000-4000-8000-0000000c0001';

function link(fetchToken: VoiceLinkOptions['fetchToken']) {
  const statuses: VoiceStatus[] = [];
  const voice = createLocalVoiceLink({
    callId: CALL_ID,
    makeOffer: true,
    fetchToken,
    signals: { send: () => undefined, listen: () => () => undefined },
    onStatus: (status) => statuses.push(status),
    onRemoteStream: () => undefined,
  });
  return { voice, statuses };
}

it("raises 'API request failed' when the voice token request fails, and the status goes connecting → error", async () => {
  const { voice, statuses } = link(() => Promise.reject(new Error('HTTP 500')));
  await expect(voice.connect()).rejects.toThrow('API request failed');
  expect(statuses).toEqual([{ status: 'connecting' }, { status: 'error', message: 'API request failed' }]);
  voice.disconnect();
  expect(statuses.at(-1)).toEqual({ status: 'disconnected' });
});

it('refuses a voice token that is not a JWT of three dot-separated parts', async () => {
  const { voice, statuses } = link(() =>
    Promise.resolve({ token: 'abc.def', identity: 'u-1', provider: 'local' as const, iceServers: [] }),
  );
  await expect(voice.connect()).rejects.toThrow('The voice token is not a JWT');
  expect(statuses.at(-1)).toEqual({ status: 'error', message: 'The voice token is not a JWT' });
});

import { act } from '@testing-library/react';
import { Outlet } from 'react-router';
import { toast } from 'sonner';
import type { Call, Me, ServerEventName, ServerEventPayload } from '@cc/contracts';
import { buildMe } from '../../../../test/factories';
import { renderApp } from '../../../../test/renderApp';
import { closeSocket } from '../../../shared/socket/socketClient';
import { CallNowButton } from '../components/CallNowButton';
import type { CallableModel } from '../lib/callNow';
import { CallCenter } from '../live/CallCenter';
import type { CreateVoiceLink, VoiceLinkOptions } from '../voice/types';

export const RUBY_ID = '00000000-0000-4000-8000-00000000aaaa';
export const CALL_ID = '00000000-0000-4000-8000-0000000c0001';

/** Ruby, a callable model at 2 tokens a minute, as her profile gives her to Call Now. */
export const ruby = (overrides: Partial<CallableModel> = {}): CallableModel => ({
  _id: RUBY_ID,
  name: 'Ruby Rose',
  callRate: 2,
  callAvailable: true,
  phoneVerified: false,
  ...overrides,
});

/** Ada, the member who calls; 50 tokens unless the test says otherwise. */
export const ada = (overrides: Partial<Me> = {}) => buildMe({ _id: 'u-1', name: 'Ada Lovelace', balance: 50, ...overrides });

const party = (id: string, name: string, username: string) => ({ _id: id, name, username, avatarUrl: null });

/** One call as GET /masked-call/status or an accept/end answer sends it (amounts in tokens). */
export function aCall(overrides: Partial<Call> = {}): Call {
  const caller = party('u-1', 'Ada Lovelace', 'ada_l');
  const model = party(RUBY_ID, 'Ruby Rose', 'ruby');
  return {
    _id: CALL_ID,
    callId: CALL_ID,
    status: 'connected',
    direction: 'outgoing',
    caller,
    model,
    otherParty: model,
    callRate: 2,
    callSid: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    connectedAt: '2026-03-01T10:00:05.000Z',
    endedAt: null,
    duration: 0,
    minutesCharged: 0,
    tokensUsed: 0,
    endReason: null,
    ...overrides,
  };
}

/** Voice links the modal opens, recorded; the test plays the browser's WebRTC side. */
export function fakeVoice({ joinFails = false } = {}) {
  const links: { options: VoiceLinkOptions; muted: boolean; closed: boolean }[] = [];
  const create: CreateVoiceLink = (options) => {
    const link = { options, muted: false, closed: false };
    links.push(link);
    return {
      connect: async () => {
        options.onStatus({ status: 'connecting' });
        if (joinFails) {
          options.onStatus({ status: 'error', message: 'API request failed' });
          throw new Error('API request failed');
        }
      },
      setMuted: (muted) => {
        link.muted = muted;
      },
      disconnect: () => {
        link.closed = true;
        options.onStatus({ status: 'disconnected' });
      },
    };
  };
  return {
    create,
    links,
    /** The WebRTC connection came up (or broke) on link `index`. */
    status: (index: number, status: Parameters<VoiceLinkOptions['onStatus']>[0]) => act(() => links[index]!.options.onStatus(status)),
  };
}

/**
 * Call Now for `model` on a profile-like page, with the global listener mounted as the shell mounts
 * it, the one socket (`live`) the test speaks for the server through when someone is signed in, and
 * fake voice links.
 */
export function renderCalls({
  me = ada(),
  model = ruby(),
  voice = fakeVoice(),
}: { me?: Me | null; model?: CallableModel | null; voice?: ReturnType<typeof fakeVoice> } = {}) {
  function Shell() {
    return (
      <>
        <Outlet />
        <CallCenter createVoiceLink={voice.create} />
      </>
    );
  }
  const view = renderApp(
    [
      {
        Component: Shell,
        children: [
          { path: '/models/ruby', element: <CallNowButton model={model} /> },
          { path: '/elsewhere', element: <p>Another page</p> },
          { path: '/tokens', element: <p>Tokens page</p> },
        ],
      },
    ],
    { path: '/models/ruby', me, live: me !== null },
  );
  /** The server sends a socket event (payload as it travels: amounts in tokens). */
  const send = <E extends ServerEventName>(event: E, payload: ServerEventPayload<E>) => {
    if (!view.live) throw new Error('renderCalls: a signed-out visitor has no live link');
    view.live.receive(event, payload);
  };
  return { ...view, send, voice };
}

/**
 * Between two renders in one test, what test set-up resets after it: the toasts (global to sonner),
 * the socket and the remembered open call.
 */
export function resetCalls() {
  toast.dismiss();
  closeSocket();
  sessionStorage.clear();
}

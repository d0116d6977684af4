import type { Call, Me } from '@cc/contracts';
import { buildMe } from '../../../../test/factories';
import { renderApp } from '../../../../test/renderApp';
import CallsLayout from '../pages/CallsLayout';
import CallHistoryPage from '../pages/CallHistoryPage';
import CallReceiptPage from '../pages/CallReceiptPage';
import CallSettingsPage from '../pages/CallSettingsPage';

/** The call pages as the router mounts them, for a signed-in member (a model when the test says so). */
export function renderCallPages(path: string, me: Me = buildMe()) {
  return renderApp(
    [
      {
        path: '/calls',
        Component: CallsLayout,
        children: [
          { index: true, Component: CallHistoryPage },
          { path: 'settings', Component: CallSettingsPage },
        ],
      },
      { path: '/calls/:id', Component: CallReceiptPage },
      { path: '/models', element: <p>Models page</p> },
    ],
    { path, me },
  );
}

export const aModel = (overrides: Partial<Me> = {}) =>
  buildMe({ _id: 'm-1', username: 'ruby_rose', name: 'Ruby Rose', type: 'model', modelStatus: 'approved', ...overrides });

const ada = { _id: 'u-1', name: 'Ada Lovelace', username: 'ada_l', avatarUrl: null };
const ruby = { _id: 'm-1', name: 'Ruby Rose', username: 'ruby_rose', avatarUrl: null };

let serial = 0;

/** A finished call Ada made to Ruby, as GET /masked-call/history sends it (amounts in tokens). */
export function aCall(overrides: Partial<Call> = {}): Call {
  serial += 1;
  const id = `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
  return {
    _id: id,
    callId: id,
    status: 'ended',
    direction: 'outgoing',
    caller: ada,
    model: ruby,
    otherParty: ruby,
    callRate: 3,
    callSid: null,
    createdAt: '2026-03-04T10:12:00.000Z',
    connectedAt: '2026-03-04T10:12:08.000Z',
    endedAt: '2026-03-04T10:14:13.000Z',
    duration: 125,
    minutesCharged: 3,
    tokensUsed: 9,
    endReason: 'caller-ended',
    ...overrides,
  };
}

/** The same call seen by Ruby, the model who took it. */
export const asModelSees = (call: Call): Call => ({ ...call, direction: 'incoming', otherParty: call.caller });

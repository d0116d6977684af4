import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { sockets } from '../../../../test/fakeSocket';
import { clearBrowserSession } from '../../../../test/fakeServer';
import { aPayoutRequest, aPaypalAccount, fakeServer, list, renderPayouts } from './harness';

vi.mock('socket.io-client', () => import('../../../../test/fakeSocket'));

beforeEach(() => {
  sockets.length = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearBrowserSession();
});

it("shows an administrator's decision as soon as its notification arrives", async () => {
  let request = aPayoutRequest({ _id: 'p-1', token: 150, status: 'approved', paidAt: null });
  fakeServer()
    .on('GET', '/api/wallet', { body: { balance: 10 } })
    .on('GET', '/api/payout-account/', { body: aPaypalAccount() })
    .on('GET', '/api/payout-request', () => list([request]));
  renderPayouts('/payouts', undefined, { live: true });
  const table = await screen.findByRole('table', { name: 'Payout requests' });
  expect(within(table).getByText('Approved', { selector: '.ui-badge' })).toBeVisible();
  await waitFor(() => expect(sockets).toHaveLength(1));

  request = { ...request, status: 'paid', paidAt: '2026-03-05T10:00:00.000Z' };
  act(() =>
    sockets[0]!.receive('notification:created', {
      notification: {
        _id: 'n-1',
        type: 'payout',
        text: 'Your payout of 150.00 tokens was paid',
        link: '/payouts',
        note: null,
        actor: null,
        read: false,
        createdAt: '2026-03-05T10:00:00.000Z',
      },
      unreadCount: 1,
    }),
  );
  expect(await within(table).findByText('Paid', { selector: '.ui-badge' })).toBeVisible();
});

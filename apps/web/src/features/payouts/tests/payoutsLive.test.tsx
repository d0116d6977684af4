import { screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { payoutsRoutes, walletRoutes } from '@cc/contracts';
import { fakeApi, page } from '../../../../test/fakeApi';
import { aPayoutRequest, aPaypalAccount, renderPayouts } from './harness';

it("shows an administrator's decision as soon as its notification arrives", async () => {
  let request = aPayoutRequest({ _id: 'p-1', token: 150, status: 'approved', paidAt: null });
  fakeApi()
    .answer(walletRoutes.balance, { balance: 10 })
    .answer(payoutsRoutes.account, aPaypalAccount())
    .answer(payoutsRoutes.requests, () => page([request]));
  const { live } = renderPayouts('/payouts', undefined, { live: true });
  const table = await screen.findByRole('table', { name: 'Payout requests' });
  expect(within(table).getByText('Approved', { selector: '.ui-badge' })).toBeVisible();

  request = { ...request, status: 'paid', paidAt: '2026-03-05T10:00:00.000Z' };
  live.receive('notification:created', {
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
  });
  expect(await within(table).findByText('Paid', { selector: '.ui-badge' })).toBeVisible();
});

import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import type { Me, PayoutAccount, PayoutRequest } from '@cc/contracts';
import { buildMe } from '../../../../test/factories';
import { createAppStore } from '../../../app/store';
import { setLogin } from '../../../shared/auth/authSlice';
import { useLiveSocket } from '../../../shared/socket/useLiveSocket';
import PayoutAccountPage from '../pages/PayoutAccountPage';
import PayoutsPage from '../pages/PayoutsPage';

export { fakeServer, type FakeRequest } from '../../../../test/fakeApi';

export const aModel = (overrides: Partial<Me> = {}) =>
  buildMe({ type: 'model', username: 'ruby', name: 'Ruby Rose', email: 'ruby@example.test', balance: 1_234.56, ...overrides });

/** Opens the one socket, as the shell does for a signed-in member. */
function LiveSocket() {
  useLiveSocket();
  return null;
}

/**
 * The payout pages with a real store and router, signed in as `me` (a model by default); `live`
 * opens the socket too (the test mocks socket.io-client).
 */
export function renderPayouts(path: string, me: Me = aModel(), { live = false } = {}) {
  document.cookie = 'accessToken=test-token; path=/';
  const store = createAppStore();
  store.dispatch(setLogin(me));
  const router = createMemoryRouter(
    [
      { path: '/payouts', Component: PayoutsPage },
      { path: '/payouts/account', Component: PayoutAccountPage },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <Provider store={store}>
      {live ? <LiveSocket /> : null}
      <RouterProvider router={router} />
      <Toaster />
    </Provider>,
  );
  return { ...view, store, router };
}

// ---- data, as the API sends it: amounts in tokens, accounts masked ----------------------------------

let serial = 0;
export const uuid = () => `00000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

export function aPaypalAccount(overrides: Partial<PayoutAccount> = {}): PayoutAccount {
  // Her own account reads back with the PayPal address in full (docs/product.md#payouts).
  return {
    _id: uuid(),
    type: 'paypal',
    email: 'ruby.pay@example.test',
    bankInfo: null,
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function aBankAccount(overrides: Partial<PayoutAccount> = {}): PayoutAccount {
  return {
    _id: uuid(),
    type: 'bank_transfer',
    email: null,
    bankInfo: { beneficiaryName: 'Ruby Rose', bankName: 'Acme Bank', iban: '•••• 1234', swift: 'ACMEGB2L' },
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function aPayoutRequest(overrides: Partial<PayoutRequest> = {}): PayoutRequest {
  return {
    _id: uuid(),
    modelId: 'u-1',
    model: { _id: 'u-1', username: 'ruby', name: 'Ruby Rose' },
    token: 200,
    status: 'paid',
    payoutAccount: { type: 'paypal', email: 'r•••@example.test', bankInfo: null },
    note: '',
    createdAt: '2026-02-01T10:00:00.000Z',
    approvedAt: '2026-02-02T10:00:00.000Z',
    paidAt: '2026-02-03T10:00:00.000Z',
    rejectedAt: null,
    ...overrides,
  };
}

export const list = <T,>(items: T[], count = items.length) => ({ body: { items, count } });

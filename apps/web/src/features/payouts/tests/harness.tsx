import type { Me, PayoutAccount, PayoutRequest } from '@cc/contracts';
import { buildMe } from '../../../../test/factories';
import { renderApp } from '../../../../test/renderApp';
import PayoutAccountPage from '../pages/PayoutAccountPage';
import PayoutsPage from '../pages/PayoutsPage';

export const aModel = (overrides: Partial<Me> = {}) =>
  buildMe({ type: 'model', username: 'ruby', name: 'Ruby Rose', email: 'ruby@example.test', balance: 1_234.56, ...overrides });

/**
 * The payout pages, signed in as `me` (a model by default); `live` opens the socket on a fake the
 * test speaks for the server through (`live.receive`).
 */
export function renderPayouts<Live extends boolean = false>(path: string, me: Me = aModel(), { live }: { live?: Live } = {}) {
  return renderApp(
    [
      { path: '/payouts', Component: PayoutsPage },
      { path: '/payouts/account', Component: PayoutAccountPage },
    ],
    { path, me, live },
  );
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
    // 200 tokens at 8 cents a token.
    amountCents: 1600,
    amount: 16,
    payoutRateCents: 8,
    reference: '',
    note: '',
    createdAt: '2026-02-01T10:00:00.000Z',
    approvedAt: '2026-02-02T10:00:00.000Z',
    paidAt: '2026-02-03T10:00:00.000Z',
    rejectedAt: null,
    ...overrides,
  };
}

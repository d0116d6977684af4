import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import {
  accountAdminRoutes,
  paymentRoutes,
  walletRoutes,
  type AdjustBalanceInput,
  type AdminPayment,
  type AdminUserRow,
} from '@cc/contracts';
import { parseSignedTokens } from '../components/adjustForm';
import { fakeApi, page, refusal } from '../../../../../test/fakeApi';
import { aMember, renderAdmin } from '../../shared/tests/harness';

const aPayment = (overrides: Partial<AdminPayment> = {}): AdminPayment => ({
  _id: 'p1',
  status: 'approved',
  packageName: 'Popular',
  tokens: 1_200,
  amountCents: 123_456,
  amount: 1_234.56,
  cardLast4: '1111',
  cardBrand: 'Visa',
  failureMessage: null,
  invoiceId: 'i1',
  refundedCents: null,
  refundedTokens: null,
  createdAt: '2026-03-04T10:12:00.000Z',
  provider: 'sandbox',
  providerTransactionId: 'sbx_123',
  user: { _id: 'u1', username: 'sam', name: 'Sam Member', email: 'sam@example.test' },
  reversal: null,
  ...overrides,
});

it('filters payments by status and explains an empty filter', async () => {
  const api = fakeApi().answer(paymentRoutes.adminPayments, ({ query }) =>
    query.get('status') === 'declined'
      ? page([])
      : page([
          aPayment(),
          aPayment({
            _id: 'p2',
            status: 'declined',
            failureMessage: 'Card declined',
            user: { _id: 'u2', username: 'bo', name: 'Bo', email: 'bo@example.test' },
          }),
        ]),
  );
  renderAdmin('/admin/payments');

  const row = (await screen.findByText('Sam Member')).closest('tr')!;
  expect(within(row).getByText('$1,234.56')).toBeVisible();
  expect(within(row).getByText('1,200.00')).toBeVisible();
  expect(within(row).getByText('Paid')).toBeVisible();
  expect(api.requestsTo(paymentRoutes.adminPayments)[0]!.query.get('status')).toBeNull();

  fireEvent.click(within(screen.getByRole('group', { name: 'Payment status' })).getByRole('button', { name: 'Declined' }));
  expect(await screen.findByText('No declined payments')).toBeVisible();
  expect(api.requestsTo(paymentRoutes.adminPayments).at(-1)!.query.get('status')).toBe('declined');
});

it('reads signed token amounts the way administrators type them, in tokens', () => {
  expect(parseSignedTokens('25')).toBe(25);
  expect(parseSignedTokens('+1,000')).toBe(1_000);
  expect(parseSignedTokens('-12.50')).toBe(-12.5);
  expect(parseSignedTokens('− 3.5')).toBe(-3.5);
  expect(parseSignedTokens('12.505')).toBeNull();
  expect(parseSignedTokens('abc')).toBeNull();
});

it("adjusts a member's balance with a signed amount and a reason, shows the new balance, and keeps the key across a retry", async () => {
  const sam: AdminUserRow = aMember({ name: 'Sam Member', balance: 50 });
  let attempts = 0;
  const api = fakeApi()
    .answer(accountAdminRoutes.users, page([sam]))
    .answer(walletRoutes.memberStatement, page([]))
    .answer(walletRoutes.adjustBalance, ({ body }) => {
      attempts += 1;
      if (attempts === 1) return refusal(503, 'Try again in a moment.');
      return { balance: 50 + (body as AdjustBalanceInput).amount };
    });
  renderAdmin('/admin/members');

  const row = (await screen.findByText('Sam Member')).closest('tr')!;
  expect(within(row).getByText('50.00')).toBeVisible();
  fireEvent.click(within(row).getByRole('button', { name: "Adjust Sam Member's balance" }));
  const dialog = await screen.findByRole('dialog', { name: "Adjust Sam Member's balance" });
  fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '-12.50' } });
  expect(within(dialog).getByText('37.50 tokens')).toBeVisible();
  fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Refund of a duplicate message' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Adjust balance' }));

  expect(await within(dialog).findByText('Try again in a moment.')).toBeVisible();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Adjust balance' }));
  expect(await within(dialog).findByText('Balance adjusted')).toBeVisible();
  expect(within(dialog).getByText('37.50 tokens')).toBeVisible();

  const requests = api.requestsTo(walletRoutes.adjustBalance);
  expect(requests.map((request) => request.params.id)).toEqual([sam._id, sam._id]);
  const sent = requests.map((request) => request.body as AdjustBalanceInput);
  expect(sent[0]).toMatchObject({ amount: -12.5, reason: 'Refund of a duplicate message' });
  expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

it('refuses an amount the contract does not allow, before sending anything', async () => {
  const sam = aMember({ name: 'Sam Member', balance: 50 });
  const api = fakeApi()
    .answer(accountAdminRoutes.users, page([sam]))
    .answer(walletRoutes.memberStatement, page([]));
  renderAdmin('/admin/members');

  const row = (await screen.findByText('Sam Member')).closest('tr')!;
  fireEvent.click(within(row).getByRole('button', { name: "Adjust Sam Member's balance" }));
  const dialog = await screen.findByRole('dialog', { name: "Adjust Sam Member's balance" });
  fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Goodwill' } });
  for (const [typed, message] of [
    ['1,000,000.01', 'Amount must be at most 1,000,000.00 tokens'],
    ['0', 'Amount cannot be zero'],
    ['12.345', 'Enter an amount like 25 to add or -12.50 to remove'],
  ] as const) {
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: typed } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adjust balance' }));
    expect(await within(dialog).findByText(message)).toBeVisible();
  }
  expect(api.requestsTo(walletRoutes.adjustBalance)).toHaveLength(0);
});

it("opens a member's wallet with their statement", async () => {
  const sam = aMember({ name: 'Sam Member', balance: 1_234.56 });
  const api = fakeApi()
    .answer(accountAdminRoutes.users, page([sam]))
    .answer(
      walletRoutes.memberStatement,
      page([
        {
          _id: 'e1',
          transactionId: 't1',
          kind: 'adjustment',
          amount: -2.5,
          memo: 'Goodwill correction',
          createdAt: '2026-03-04T10:12:00.000Z',
        },
      ]),
    );
  renderAdmin('/admin/members');

  fireEvent.click(await screen.findByRole('button', { name: "Open Sam Member's wallet" }));
  const drawer = await screen.findByRole('dialog', { name: 'Sam Member' });
  expect(within(drawer).getByText('1,234.56 tokens')).toBeVisible();
  const entry = (await within(drawer).findByText('Goodwill correction')).closest('tr')!;
  expect(within(entry).getByText('Adjustment')).toBeVisible();
  expect(within(entry).getByText(/−2\.50/)).toBeVisible();
  expect(api.requestsTo(walletRoutes.memberStatement)[0]!.params.id).toBe(sam._id);
});

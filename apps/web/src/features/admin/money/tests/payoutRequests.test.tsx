import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { outboxRoutes, payoutsRoutes, type PayoutRequest, type PayoutStatus } from '@cc/contracts';
import { fakeApi, page, refusal } from '../../../../../test/fakeApi';
import { renderAdmin } from '../../shared/tests/harness';
import { seeToast } from '../../../../../test/toasts';

function aPayout(overrides: Partial<PayoutRequest> = {}): PayoutRequest {
  return {
    _id: 'p-1',
    modelId: 'm-1',
    model: { _id: 'm-1', username: 'ruby', name: 'Ruby Rose', email: 'ruby@example.test' },
    token: 150,
    status: 'pending',
    payoutAccount: { type: 'paypal', email: 'r•••@example.test', bankInfo: null },
    // Administrators alone get the account in full: they pay from it.
    payTo: { type: 'paypal', email: 'ruby@example.test', bankInfo: null },
    // 150 tokens at 8 cents a token.
    amountCents: 1200,
    amount: 12,
    payoutRateCents: 8,
    reference: '',
    note: '',
    createdAt: '2026-03-04T10:00:00.000Z',
    approvedAt: null,
    paidAt: null,
    rejectedAt: null,
    ...overrides,
  };
}

/** The server's requests, filtered by status as the real one does; decisions move them once. */
function payoutDesk(initial: PayoutRequest[]) {
  const rows = new Map(initial.map((row) => [row._id, row]));
  const move = (id: string, status: PayoutStatus, note = '', reference = '') => {
    const row = { ...rows.get(id)!, status, note, reference };
    rows.set(id, row);
    return row;
  };
  const api = fakeApi()
    .answer(payoutsRoutes.adminList, ({ query }) => {
      const status = query.get('status');
      return page([...rows.values()].filter((row) => !status || row.status === status));
    })
    .answer(payoutsRoutes.approve, ({ params }) => move(params.id!, 'approved'))
    .answer(payoutsRoutes.markPaid, ({ params, body }) => move(params.id!, 'paid', '', (body as { reference?: string }).reference))
    .answer(payoutsRoutes.reject, ({ params, body }) => move(params.id!, 'rejected', (body as { note?: string }).note));
  return { api, rows, move };
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

it('is in the admin navigation and lists the pending requests first', async () => {
  const { api } = payoutDesk([
    aPayout(),
    aPayout({
      _id: 'p-2',
      status: 'paid',
      model: { _id: 'm-2', username: 'jade', name: 'Jade Lee' },
      payoutAccount: {
        type: 'bank_transfer',
        email: null,
        bankInfo: { beneficiaryName: 'Jade Lee', bankName: 'Acme Bank', iban: '•••• 1234', swift: null },
      },
      payTo: {
        type: 'bank_transfer',
        email: null,
        bankInfo: {
          beneficiaryName: 'Jade Lee',
          bankName: 'Acme Bank',
          iban: 'DE89370400440532011234',
          swift: null,
          bankAddress: null,
          beneficiaryAddress: null,
        },
      },
    }),
  ]);
  const { router } = renderAdmin('/admin/outbox');
  api.answer(outboxRoutes.list, page([]));
  fireEvent.click(within(screen.getByRole('navigation', { name: 'Admin sections' })).getByRole('link', { name: 'Payouts' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/payouts'));

  expect(await screen.findByRole('heading', { name: 'Payout requests', level: 1 })).toBeVisible();
  await screen.findByText('Ruby Rose');
  const row = rowOf('Ruby Rose');
  expect(within(row).getByText('@ruby')).toBeVisible();
  expect(within(row).getByText('150.00 tokens')).toBeVisible();
  expect(within(row).getByText('$12.00')).toBeVisible();
  expect(within(row).getByText('PayPal · ruby@example.test')).toBeVisible();
  expect(within(row).getByText('Pending')).toBeVisible();
  expect(within(row).getByRole('button', { name: 'Approve 150.00 tokens for Ruby Rose' })).toBeVisible();
  expect(within(row).getByRole('button', { name: 'Reject 150.00 tokens for Ruby Rose' })).toBeVisible();
  expect(screen.queryByText('Jade Lee')).not.toBeInTheDocument();
  expect(api.requestsTo(payoutsRoutes.adminList)[0]!.query.get('status')).toBe('pending');
  expect(screen.getByRole('button', { name: 'Pending' })).toHaveAttribute('aria-pressed', 'true');

  fireEvent.click(screen.getByRole('button', { name: 'Paid' }));
  const paid = (await screen.findByText('Jade Lee')).closest('tr')!;
  expect(within(paid).getByText('Bank transfer · Acme Bank DE89370400440532011234')).toBeVisible();
  expect(within(paid).queryByRole('button')).not.toBeInTheDocument();
});

it('approves after confirming, then sends the money and marks it paid with the transfer reference', async () => {
  const { api } = payoutDesk([aPayout()]);
  renderAdmin('/admin/payouts');

  fireEvent.click(await screen.findByRole('button', { name: 'Approve 150.00 tokens for Ruby Rose' }));
  const dialog = await screen.findByRole('dialog', { name: 'Approve this payout?' });
  expect(within(dialog).getByText(/^150\.00 tokens \(\$12\.00\) to Ruby Rose \(PayPal · ruby@example\.test\)\./)).toBeVisible();
  expect(api.requestsTo(payoutsRoutes.approve)).toHaveLength(0);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

  expect(await screen.findByText('No payouts are waiting')).toBeVisible();
  expect(api.requestsTo(payoutsRoutes.approve).map((request) => request.params.id)).toEqual(['p-1']);
  await seeToast('Approved 150.00 tokens ($12.00) for Ruby Rose.');

  fireEvent.click(screen.getByRole('button', { name: 'Approved' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Mark paid 150.00 tokens for Ruby Rose' }));
  // The money comes first where money moves, with where it goes in full.
  const pay = await screen.findByRole('dialog', { name: 'Send $12.00 to Ruby Rose' });
  expect(within(pay).getByText(/^\$12\.00 for 150\.00 tokens, to PayPal · ruby@example\.test\./)).toBeVisible();
  // The reference the model will find it by is asked for before anything is sent.
  fireEvent.click(within(pay).getByRole('button', { name: 'Mark paid' }));
  expect(await within(pay).findByText('Enter the reference of the transfer, so the model can find it')).toBeVisible();
  expect(api.requestsTo(payoutsRoutes.markPaid)).toHaveLength(0);
  const reference = within(pay).getByLabelText('Transfer reference');
  for (const [i] of [...'PP-7Q2K'].entries()) fireEvent.change(reference, { target: { value: 'PP-7Q2K'.slice(0, i + 1) } });
  fireEvent.click(within(pay).getByRole('button', { name: 'Mark paid' }));
  expect(await screen.findByText('No approved payouts to pay')).toBeVisible();
  expect(api.requestsTo(payoutsRoutes.markPaid).map((request) => [request.params.id, request.body])).toEqual([
    ['p-1', { reference: 'PP-7Q2K' }],
  ]);

  fireEvent.click(screen.getByRole('button', { name: 'All' }));
  const paidRow = (await screen.findByText('Ruby Rose')).closest('tr')!;
  expect(within(paidRow).getByText('Paid')).toBeVisible();
  expect(within(paidRow).getByText('Ref. PP-7Q2K')).toBeVisible();
});

it('will not reject without a reason, then sends the reason the model will read', async () => {
  const { api } = payoutDesk([aPayout()]);
  renderAdmin('/admin/payouts?status=all');

  fireEvent.click(await screen.findByRole('button', { name: 'Reject 150.00 tokens for Ruby Rose' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reject this payout?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Reject payout' }));
  expect(await within(dialog).findByText('Give the model a reason')).toBeVisible();
  expect(api.requestsTo(payoutsRoutes.reject)).toHaveLength(0);

  fireEvent.change(within(dialog).getByLabelText('Reason for rejecting'), { target: { value: 'The PayPal address bounced.' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Reject payout' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.requestsTo(payoutsRoutes.reject)[0]!.params.id).toBe('p-1');
  expect(api.requestsTo(payoutsRoutes.reject)[0]!.body).toEqual({ note: 'The PayPal address bounced.' });
  const row = (await screen.findByText('The PayPal address bounced.')).closest('tr')!;
  expect(within(row).getByText('Rejected')).toBeVisible();
  expect(within(row).queryByRole('button')).not.toBeInTheDocument();
});

it('when someone else decided first, says so in the server’s words and shows the row as it is now', async () => {
  const { api, move } = payoutDesk([aPayout()]);
  // Another administrator approves it between this page loading and the click.
  api.answer(payoutsRoutes.reject, () => {
    move('p-1', 'approved');
    return refusal(409, 'This payout request was already approved.', { code: 'PAYOUT_ALREADY_DECIDED' });
  });
  renderAdmin('/admin/payouts?status=all');

  fireEvent.click(await screen.findByRole('button', { name: 'Reject 150.00 tokens for Ruby Rose' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reject this payout?' });
  fireEvent.change(within(dialog).getByLabelText('Reason for rejecting'), { target: { value: 'Too late' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Reject payout' }));

  await seeToast('This payout request was already approved.');
  expect(screen.getByText('Someone else decided first')).toBeVisible();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  // The list was read again: the row now offers what its new status allows.
  expect(await screen.findByRole('button', { name: 'Mark paid 150.00 tokens for Ruby Rose' })).toBeVisible();
  expect(within(rowOf('Ruby Rose')).getByText('Approved')).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Reject 150.00 tokens for Ruby Rose' })).not.toBeInTheDocument();
  expect(api.requestsTo(payoutsRoutes.adminList)).toHaveLength(2);
});

it('keeps the dialog open with the server’s sentence when a decision is refused for another reason', async () => {
  payoutDesk([aPayout()]).api.refuse(payoutsRoutes.approve, 503, 'The server had a problem.', { code: 'INTERNAL' });
  renderAdmin('/admin/payouts');

  fireEvent.click(await screen.findByRole('button', { name: 'Approve 150.00 tokens for Ruby Rose' }));
  const dialog = await screen.findByRole('dialog', { name: 'Approve this payout?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
  expect(await within(dialog).findByText('The server had a problem.')).toBeVisible();
  expect(within(rowOf('Ruby Rose')).getByText('Pending')).toBeVisible();
});

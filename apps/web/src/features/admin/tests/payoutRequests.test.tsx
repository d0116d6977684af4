import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { PayoutRequest, PayoutStatus } from '@cc/contracts';
import { fakeServer, list, renderAdmin } from './harness';

afterEach(() => vi.unstubAllGlobals());

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
  const move = (id: string, status: PayoutStatus, note = '') => {
    const row = { ...rows.get(id)!, status, note };
    rows.set(id, row);
    return { body: row };
  };
  const server = fakeServer()
    .on('GET', '/api/admin/payout-requests', ({ query }) => {
      const status = query.get('status');
      return list([...rows.values()].filter((row) => !status || row.status === status));
    })
    .on('POST', /\/approve$/, ({ path }) => move(path.split('/')[4]!, 'approved'))
    .on('POST', /\/pay$/, ({ path }) => move(path.split('/')[4]!, 'paid'))
    .on('POST', /\/reject$/, ({ path, body }) => move(path.split('/')[4]!, 'rejected', (body as { note?: string }).note));
  return { server, rows, move };
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

it('is in the admin navigation and lists the pending requests first', async () => {
  const { server } = payoutDesk([
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
  server.on('GET', '/api/admin/outbox', list([]));
  fireEvent.click(within(screen.getByRole('navigation', { name: 'Admin sections' })).getByRole('link', { name: 'Payouts' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/payouts'));

  expect(await screen.findByRole('heading', { name: 'Payout requests', level: 1 })).toBeVisible();
  await screen.findByText('Ruby Rose');
  const row = rowOf('Ruby Rose');
  expect(within(row).getByText('@ruby')).toBeVisible();
  expect(within(row).getByText('150.00 tokens')).toBeVisible();
  expect(within(row).getByText('PayPal · ruby@example.test')).toBeVisible();
  expect(within(row).getByText('Pending')).toBeVisible();
  expect(within(row).getByRole('button', { name: 'Approve 150.00 tokens for Ruby Rose' })).toBeVisible();
  expect(within(row).getByRole('button', { name: 'Reject 150.00 tokens for Ruby Rose' })).toBeVisible();
  expect(screen.queryByText('Jade Lee')).not.toBeInTheDocument();
  expect(server.callsTo('GET', '/api/admin/payout-requests')[0]!.query.get('status')).toBe('pending');
  expect(screen.getByRole('button', { name: 'Pending' })).toHaveAttribute('aria-pressed', 'true');

  fireEvent.click(screen.getByRole('button', { name: 'Paid' }));
  const paid = (await screen.findByText('Jade Lee')).closest('tr')!;
  expect(within(paid).getByText('Bank transfer · Acme Bank DE89370400440532011234')).toBeVisible();
  expect(within(paid).queryByRole('button')).not.toBeInTheDocument();
});

it('approves after confirming, then marks the payout paid from the approved list', async () => {
  const { server } = payoutDesk([aPayout()]);
  renderAdmin('/admin/payouts');

  fireEvent.click(await screen.findByRole('button', { name: 'Approve 150.00 tokens for Ruby Rose' }));
  const dialog = await screen.findByRole('dialog', { name: 'Approve this payout?' });
  expect(within(dialog).getByText(/150\.00 tokens to Ruby Rose \(PayPal · ruby@example\.test\)\./)).toBeVisible();
  expect(server.callsTo('POST', '/api/admin/payout-requests/p-1/approve')).toHaveLength(0);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

  expect(await screen.findByText('No payouts are waiting')).toBeVisible();
  expect(server.callsTo('POST', '/api/admin/payout-requests/p-1/approve')).toHaveLength(1);
  expect(await screen.findByText('Approved 150.00 tokens for Ruby Rose.')).toBeVisible();

  fireEvent.click(screen.getByRole('button', { name: 'Approved' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Mark paid 150.00 tokens for Ruby Rose' }));
  const pay = await screen.findByRole('dialog', { name: 'Mark this payout paid?' });
  fireEvent.click(within(pay).getByRole('button', { name: 'Mark paid' }));
  expect(await screen.findByText('No approved payouts to pay')).toBeVisible();
  expect(server.callsTo('POST', '/api/admin/payout-requests/p-1/pay')).toHaveLength(1);

  fireEvent.click(screen.getByRole('button', { name: 'All' }));
  expect(within((await screen.findByText('Ruby Rose')).closest('tr')!).getByText('Paid')).toBeVisible();
});

it('will not reject without a reason, then sends the reason the model will read', async () => {
  const { server } = payoutDesk([aPayout()]);
  renderAdmin('/admin/payouts?status=all');

  fireEvent.click(await screen.findByRole('button', { name: 'Reject 150.00 tokens for Ruby Rose' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reject this payout?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Reject payout' }));
  expect(await within(dialog).findByText('Give the model a reason')).toBeVisible();
  expect(server.callsTo('POST', '/api/admin/payout-requests/p-1/reject')).toHaveLength(0);

  fireEvent.change(within(dialog).getByLabelText('Reason for rejecting'), { target: { value: 'The PayPal address bounced.' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Reject payout' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(server.callsTo('POST', '/api/admin/payout-requests/p-1/reject')[0]!.body).toEqual({ note: 'The PayPal address bounced.' });
  const row = (await screen.findByText('The PayPal address bounced.')).closest('tr')!;
  expect(within(row).getByText('Rejected')).toBeVisible();
  expect(within(row).queryByRole('button')).not.toBeInTheDocument();
});

it('when someone else decided first, says so in the server’s words and shows the row as it is now', async () => {
  const { server, move } = payoutDesk([aPayout()]);
  // Another administrator approves it between this page loading and the click.
  server.on('POST', '/api/admin/payout-requests/p-1/reject', () => {
    move('p-1', 'approved');
    return { status: 409, body: { code: 'PAYOUT_ALREADY_DECIDED', msg: 'This payout request was already approved.' } };
  });
  renderAdmin('/admin/payouts?status=all');

  fireEvent.click(await screen.findByRole('button', { name: 'Reject 150.00 tokens for Ruby Rose' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reject this payout?' });
  fireEvent.change(within(dialog).getByLabelText('Reason for rejecting'), { target: { value: 'Too late' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Reject payout' }));

  expect(await screen.findByText('This payout request was already approved.')).toBeVisible();
  expect(screen.getByText('Someone else decided first')).toBeVisible();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  // The list was read again: the row now offers what its new status allows.
  expect(await screen.findByRole('button', { name: 'Mark paid 150.00 tokens for Ruby Rose' })).toBeVisible();
  expect(within(rowOf('Ruby Rose')).getByText('Approved')).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Reject 150.00 tokens for Ruby Rose' })).not.toBeInTheDocument();
  expect(server.callsTo('GET', '/api/admin/payout-requests')).toHaveLength(2);
});

it('keeps the dialog open with the server’s sentence when a decision is refused for another reason', async () => {
  const { server } = payoutDesk([aPayout()]);
  server.on('POST', '/api/admin/payout-requests/p-1/approve', {
    status: 503,
    body: { code: 'INTERNAL', msg: 'The server had a problem.' },
  });
  renderAdmin('/admin/payouts');

  fireEvent.click(await screen.findByRole('button', { name: 'Approve 150.00 tokens for Ruby Rose' }));
  const dialog = await screen.findByRole('dialog', { name: 'Approve this payout?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
  expect(await within(dialog).findByText('The server had a problem.')).toBeVisible();
  expect(within(rowOf('Ruby Rose')).getByText('Pending')).toBeVisible();
});

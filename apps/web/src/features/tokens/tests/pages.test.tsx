import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { clearBrowserSession } from '../../../../test/fakeServer';
import { buildMe } from '../../../../test/factories';
import { aPayment, anInvoice, fakeServer, renderMoney } from './harness';

afterEach(() => {
  vi.unstubAllGlobals();
  clearBrowserSession();
});

it('lists payments with their status and invoice, pages through them, and totals what was paid', async () => {
  const paid = aPayment({ packageName: 'Popular', tokens: 1_200, amountCents: 123_456, invoiceId: 'inv-9' });
  const declined = aPayment({ status: 'declined', invoiceId: null, failureMessage: 'Declined by the bank', cardLast4: '0002' });
  const server = fakeServer().on('GET', '/api/payment/transactions', ({ query }) => ({
    body: { items: query.get('skip') === '20' ? [declined] : [paid], count: 21 },
  }));
  renderMoney('/tokens/history');

  const row = (await screen.findByText('Popular')).closest('tr')!;
  expect(within(row).getByText('$1,234.56')).toBeVisible();
  expect(within(row).getByText('1,200.00')).toBeVisible();
  expect(within(row).getByText('Visa •••• 1111')).toBeVisible();
  expect(within(row).getByText('Paid')).toBeVisible();
  expect(within(row).getByRole('link', { name: 'View invoice' })).toHaveAttribute('href', '/invoices/inv-9');
  expect(screen.getByLabelText('Totals of the payments shown')).toHaveTextContent(
    /^Total paid \(approved payments shown\) \$1,234\.56Tokens bought 1,200\.00$/,
  );

  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  const next = (await screen.findByText('Declined')).closest('tr')!;
  expect(within(next).getByText('—')).toBeVisible();
  expect(screen.getByText('21–21 of 21')).toBeVisible();
  expect(server.callsTo('GET', '/api/payment/transactions').at(-1)!.query.get('skip')).toBe('20');
  expect(screen.getByLabelText('Totals of the payments shown')).toHaveTextContent('$0.00');
});

it('says what to do when there are no payments, and offers a retry when they cannot load', async () => {
  let fail = true;
  fakeServer().on('GET', '/api/payment/transactions', () =>
    fail ? { status: 500, body: { code: 'INTERNAL', msg: 'The server had a problem.' } } : { body: { items: [], count: 0 } },
  );
  renderMoney('/tokens/history');
  expect(await screen.findByText('Could not load your payments')).toBeVisible();
  expect(screen.getByText('The server had a problem.')).toBeVisible();
  // The list is reset: nothing from before, a total of 0.
  expect(screen.getByText('No results')).toBeVisible();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  const empty = (await screen.findByText('No payments yet')).closest('.ui-empty') as HTMLElement;
  expect(within(empty).getByRole('link', { name: 'Buy tokens' })).toHaveAttribute('href', '/tokens');
});

it('shows the statement with money in green and out in red', async () => {
  fakeServer().on('GET', '/api/wallet/entries', {
    body: {
      items: [
        {
          _id: 'e1',
          transactionId: 't1',
          kind: 'card_purchase',
          amount: 1_200,
          memo: 'Popular package',
          createdAt: '2026-03-04T10:12:00.000Z',
        },
        { _id: 'e2', transactionId: 't2', kind: 'message', amount: -1.5, memo: 'Message to Ruby', createdAt: '2026-03-04T11:00:00.000Z' },
      ],
      count: 2,
    },
  });
  renderMoney('/tokens/statement');
  const incoming = (await screen.findByText('Token purchase')).closest('tr')!;
  const amountIn = within(incoming).getByText(/\+1,200\.00/);
  expect(amountIn).toHaveClass('money-amount--in');
  const outgoing = screen.getByText('Message to Ruby').closest('tr')!;
  const amountOut = within(outgoing).getByText(/−1\.50/);
  expect(amountOut).toHaveClass('money-amount--out');
});

it('totals the statement page exactly, in tokens', async () => {
  const entry = (id: string, amount: number) => ({
    _id: id,
    transactionId: `t-${id}`,
    kind: 'tip',
    amount,
    memo: '',
    createdAt: '2026-03-04T10:12:00.000Z',
  });
  fakeServer().on('GET', '/api/wallet/entries', {
    body: { items: [entry('a', 0.1), entry('b', 0.2), entry('c', -0.3), entry('d', -1_000.05)], count: 4 },
  });
  renderMoney('/tokens/statement');
  await screen.findAllByText('Tip');
  const totals = screen.getByLabelText('Totals of this page').textContent;
  expect(totals).toContain('+0.30');
  expect(totals).toContain('−1,000.35');
});

it('removes a saved card only after confirming', async () => {
  let cards = [{ _id: 'c1', cardLast4: '4242', cardBrand: 'Visa', expiry: '12/30' }];
  const server = fakeServer()
    .on('GET', '/api/payment/authorizenet/customer-profile', () => ({ body: { items: cards, count: cards.length } }))
    .on('DELETE', '/api/payment/authorizenet/customer-profile/c1', () => {
      cards = [];
      return { status: 204 };
    });
  renderMoney('/tokens/cards');

  fireEvent.click(await screen.findByRole('button', { name: 'Remove Visa •••• 4242' }));
  const dialog = await screen.findByRole('dialog', { name: 'Remove Visa •••• 4242?' });
  expect(server.callsTo('DELETE', '/api/payment/authorizenet/customer-profile/c1')).toHaveLength(0);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Remove card' }));
  expect(await screen.findByText('No saved cards')).toBeVisible();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

it('shows a printable invoice and prints it', async () => {
  const invoice = anInvoice({ cardBrand: 'Visa' });
  fakeServer().on('GET', `/api/invoice/${invoice._id}`, { body: invoice });
  const print = vi.fn();
  vi.stubGlobal('print', print);
  renderMoney(`/invoices/${invoice._id}`);

  const sheet = await screen.findByRole('article', { name: 'Invoice' });
  expect(within(sheet).getByText('INV-000042')).toBeVisible();
  expect(within(sheet).getByText('Velvet Lounge')).toBeVisible();
  expect(within(sheet).getByText('ada@example.test')).toBeVisible();
  expect(within(sheet).getAllByText('$1,234.56')).toHaveLength(2);
  expect(within(sheet).getByText('1,200.00')).toBeVisible();
  // The card as the payments list shows it.
  expect(within(sheet).getByText(/Paid with Visa •••• 1111 on/)).toBeVisible();
  fireEvent.click(screen.getByRole('button', { name: 'Print' }));
  expect(print).toHaveBeenCalledTimes(1);
});

it('names the card of each invoice the way payments do', async () => {
  fakeServer().on('GET', '/api/invoice', {
    body: {
      items: [anInvoice({ cardBrand: 'Visa' }), anInvoice({ _id: 'inv-2', number: 'INV-000043', cardBrand: null, cardLast4: '4444' })],
      count: 2,
    },
  });
  renderMoney('/invoices');
  const first = (await screen.findByText('INV-000042')).closest('tr')!;
  expect(within(first).getByText('Visa •••• 1111')).toBeVisible();
  const second = screen.getByText('INV-000043').closest('tr')!;
  expect(within(second).getByText('Card •••• 4444')).toBeVisible();
  expect(screen.getByLabelText('Totals of the invoices shown')).toHaveTextContent('Total invoiced (paid invoices shown) $2,469.12');
});

it("leads a model's money sections with their earnings and payouts, and shows members neither", async () => {
  fakeServer().on('GET', '/api/payment/transactions', () => ({ body: { items: [], count: 0 } }));
  const sectionNames = () =>
    within(screen.getByRole('navigation', { name: 'Tokens and billing' }))
      .getAllByRole('link')
      .map((link) => link.textContent);

  const { unmount } = renderMoney('/tokens/history', buildMe({ type: 'model' }));
  await screen.findByText('No payments yet');
  expect(sectionNames()).toEqual([
    'Earnings',
    'Payouts',
    'Payout account',
    'Buy tokens',
    'Payments',
    'Statement',
    'Invoices',
    'Saved cards',
  ]);
  unmount();

  renderMoney('/tokens/history', buildMe({ type: 'user' }));
  await screen.findByText('No payments yet');
  expect(sectionNames()).toEqual(['Buy tokens', 'Payments', 'Statement', 'Invoices', 'Saved cards']);
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { paymentRoutes, walletRoutes, type WalletEntry } from '@cc/contracts';
import { buildMe } from '../../../../test/factories';
import { fakeApi, page, refusal } from '../../../../test/fakeApi';
import { aPayment, anInvoice, renderMoney } from './harness';

it('lists payments with their status and invoice, pages through them, and totals what was paid', async () => {
  const paid = aPayment({ packageName: 'Popular', tokens: 1_200, amountCents: 123_456, invoiceId: 'inv-9' });
  const declined = aPayment({ status: 'declined', invoiceId: null, failureMessage: 'Declined by the bank', cardLast4: '0002' });
  const api = fakeApi().answer(paymentRoutes.history, ({ query }) => page(query.get('skip') === '20' ? [declined] : [paid], 21));
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
  expect(api.requestsTo(paymentRoutes.history).at(-1)!.query.get('skip')).toBe('20');
  expect(screen.getByLabelText('Totals of the payments shown')).toHaveTextContent('$0.00');
});

it('shows a payment refunded in part, with the money that went back to the card', async () => {
  fakeApi().answer(
    paymentRoutes.history,
    page([
      aPayment({ packageName: 'Popular', status: 'partially_refunded', amountCents: 4_999, refundedCents: 2_083, refundedTokens: 25.5 }),
    ]),
  );
  renderMoney('/tokens/history');
  const row = (await screen.findByText('Popular')).closest('tr')!;
  expect(within(row).getByText('Partly refunded')).toBeVisible();
  expect(within(row).getByText('$20.83 back to your card')).toBeVisible();
  // It still paid $49.99 less $20.83, for 100 tokens less 25.5.
  expect(screen.getByLabelText('Totals of the payments shown')).toHaveTextContent(
    /^Total paid \(approved payments shown\) \$29\.16Tokens bought 74\.50$/,
  );
});

it('says what to do when there are no payments, and offers a retry when they cannot load', async () => {
  let fail = true;
  fakeApi().answer(paymentRoutes.history, () => (fail ? refusal(500, 'The server had a problem.') : page([])));
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
  fakeApi().answer(
    walletRoutes.statement,
    page([
      {
        _id: 'e1',
        transactionId: 't1',
        kind: 'card_purchase',
        amount: 1_200,
        memo: 'Popular package',
        createdAt: '2026-03-04T10:12:00.000Z',
      },
      { _id: 'e2', transactionId: 't2', kind: 'message', amount: -1.5, memo: 'Message to Ruby', createdAt: '2026-03-04T11:00:00.000Z' },
    ]),
  );
  renderMoney('/tokens/statement');
  const incoming = (await screen.findByText('Token purchase')).closest('tr')!;
  const amountIn = within(incoming).getByText(/\+1,200\.00/);
  expect(amountIn).toHaveClass('money-amount--in');
  const outgoing = screen.getByText('Message to Ruby').closest('tr')!;
  const amountOut = within(outgoing).getByText(/−1\.50/);
  expect(amountOut).toHaveClass('money-amount--out');
});

it('totals the statement page exactly, in tokens', async () => {
  const entry = (id: string, amount: number): WalletEntry => ({
    _id: id,
    transactionId: `t-${id}`,
    kind: 'tip',
    amount,
    memo: '',
    createdAt: '2026-03-04T10:12:00.000Z',
  });
  fakeApi().answer(walletRoutes.statement, page([entry('a', 0.1), entry('b', 0.2), entry('c', -0.3), entry('d', -1_000.05)]));
  renderMoney('/tokens/statement');
  await screen.findAllByText('Tip');
  const totals = screen.getByLabelText('Totals of this page').textContent;
  expect(totals).toContain('+0.30');
  expect(totals).toContain('−1,000.35');
});

it('removes a saved card only after confirming', async () => {
  let cards = [{ _id: 'c1', cardLast4: '4242', cardBrand: 'Visa', expiry: '12/30' }];
  const api = fakeApi()
    .answer(paymentRoutes.savedCards, () => page(cards))
    .answer(paymentRoutes.removeCard, () => {
      cards = [];
      return null;
    });
  renderMoney('/tokens/cards');

  fireEvent.click(await screen.findByRole('button', { name: 'Remove Visa •••• 4242' }));
  const dialog = await screen.findByRole('dialog', { name: 'Remove Visa •••• 4242?' });
  expect(api.requestsTo(paymentRoutes.removeCard)).toHaveLength(0);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Remove card' }));
  expect(await screen.findByText('No saved cards')).toBeVisible();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.requestsTo(paymentRoutes.removeCard).map((request) => request.params.id)).toEqual(['c1']);
});

it('shows a printable invoice and prints it', async () => {
  const invoice = anInvoice({ cardBrand: 'Visa' });
  const api = fakeApi().answer(paymentRoutes.invoice, invoice);
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
  expect(api.requestsTo(paymentRoutes.invoice)[0]!.params.id).toBe(invoice._id);
});

it('names the card of each invoice the way payments do', async () => {
  fakeApi().answer(
    paymentRoutes.invoices,
    page([anInvoice({ cardBrand: 'Visa' }), anInvoice({ _id: 'inv-2', number: 'INV-000043', cardBrand: null, cardLast4: '4444' })]),
  );
  renderMoney('/invoices');
  const first = (await screen.findByText('INV-000042')).closest('tr')!;
  expect(within(first).getByText('Visa •••• 1111')).toBeVisible();
  const second = screen.getByText('INV-000043').closest('tr')!;
  expect(within(second).getByText('Card •••• 4444')).toBeVisible();
  expect(screen.getByLabelText('Totals of the invoices shown')).toHaveTextContent('Total invoiced (paid invoices shown) $2,469.12');
});

it("puts a model's earnings and payouts with her creator tools, and her token pages with the tokens", async () => {
  // The earnings themselves are not this test's: unanswered, the page says it could not load them.
  fakeApi().answer(paymentRoutes.history, page([]));
  const namesIn = (nav: string) =>
    within(screen.getByRole('navigation', { name: nav }))
      .getAllByRole('link')
      .map((link) => link.textContent);

  // Her earnings: the creator tools, not "Tokens and billing", which opens on Buy tokens (issue #28).
  const { unmount } = renderMoney('/earnings', buildMe({ type: 'model' }));
  await screen.findByRole('navigation', { name: 'Creator tools' });
  expect(namesIn('Creator tools')).toEqual(['Earnings', 'Payouts', 'Payout account', 'My store', 'Call history', 'Softphone and settings']);
  expect(screen.queryByRole('navigation', { name: 'Tokens and billing' })).not.toBeInTheDocument();
  unmount();

  for (const me of [buildMe({ type: 'model' }), buildMe({ type: 'user' })]) {
    const view = renderMoney('/tokens/history', me);
    await screen.findByText('No payments yet');
    expect(namesIn('Tokens and billing')).toEqual(['Buy tokens', 'Payments', 'Statement', 'Invoices', 'Saved cards']);
    view.unmount();
  }
});

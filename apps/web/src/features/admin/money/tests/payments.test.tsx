import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { adminPaymentRoutes, paymentRoutes, type AdminPayment, type AdminPaymentDetail, type Invoice } from '@cc/contracts';
import { fakeApi, page, refusal, type FakeRequest } from '../../../../../test/fakeApi';
import { renderAdmin } from '../../shared/tests/harness';
import { seeToast } from '../../../../../test/toasts';

const PAYMENT_ID = 'dddddddd-0000-4000-8000-000000000001';

function anInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    _id: 'eeeeeeee-0000-4000-8000-000000000001',
    number: 'INV-000012',
    issuedAt: '2026-03-04T10:12:00.000Z',
    packageName: 'Popular',
    tokens: 1_200,
    amountCents: 4_999,
    amount: 49.99,
    cardLast4: '1111',
    cardBrand: 'Visa',
    status: 'paid',
    buyer: { name: 'Sam Member', email: 'sam@example.test' },
    seller: { siteName: 'Crush Club' },
    ...overrides,
  };
}

function aPayment(overrides: Partial<AdminPayment> = {}): AdminPayment {
  return {
    _id: PAYMENT_ID,
    status: 'approved',
    packageName: 'Popular',
    tokens: 1_200,
    amountCents: 4_999,
    amount: 49.99,
    cardLast4: '1111',
    cardBrand: 'Visa',
    failureMessage: null,
    invoiceId: 'eeeeeeee-0000-4000-8000-000000000001',
    refundedCents: null,
    refundedTokens: null,
    createdAt: '2026-03-04T10:12:00.000Z',
    provider: 'authorizenet',
    providerTransactionId: '60000000042',
    user: { _id: 'u1', username: 'sam', name: 'Sam Member', email: 'sam@example.test' },
    reversal: null,
    ...overrides,
  };
}

/** The share of the money `tokens` of the payment stand for, to the nearest cent, as the server reckons it. */
const shareOf = (payment: AdminPayment, tokens: number) =>
  tokens >= payment.tokens ? payment.amountCents : Math.round((payment.amountCents * tokens) / payment.tokens);

const detailOf = (payment: AdminPayment, memberBalance = 1_500): AdminPaymentDetail => {
  const tokens = Math.min(memberBalance, payment.tokens);
  return {
    ...payment,
    invoice: anInvoice({
      status: payment.status === 'refunded' ? 'refunded' : payment.status === 'charged_back' ? 'charged_back' : 'paid',
    }),
    memberBalance,
    refundable: payment.status === 'approved' ? { tokens, cents: shareOf(payment, tokens), whole: tokens === payment.tokens } : null,
  };
};

/** The server's one payment: listed, opened, refunded or charged back as the real one answers; another id is not found. */
function paymentDesk(initial = aPayment(), balance = 1_500) {
  let payment = initial;
  let memberBalance = balance;
  const reverse = (kind: 'refund' | 'chargeback', reason: string, part?: number) => {
    const refunded = part ?? payment.tokens;
    payment = {
      ...payment,
      status: kind === 'chargeback' ? 'charged_back' : refunded < payment.tokens ? 'partially_refunded' : 'refunded',
      ...(kind === 'refund' ? { refundedTokens: refunded, refundedCents: shareOf(payment, refunded) } : {}),
      reversal: {
        kind,
        reason,
        at: '2026-03-05T09:00:00.000Z',
        by: { _id: 'a1', name: 'Ada Admin', email: 'ada@example.test' },
        providerTransactionId: kind === 'refund' ? '60000000099' : null,
      },
    };
    memberBalance = Math.max(0, memberBalance - refunded);
    return detailOf(payment, memberBalance);
  };
  const thisPayment =
    <T,>(answer: (request: FakeRequest) => T) =>
    (request: FakeRequest) =>
      request.params.id === PAYMENT_ID ? answer(request) : refusal(404, 'No payment with that id.');
  return fakeApi()
    .answer(paymentRoutes.adminPayments, () => page([payment]))
    .answer(
      adminPaymentRoutes.detail,
      thisPayment(() => detailOf(payment, memberBalance)),
    )
    .answer(
      adminPaymentRoutes.refund,
      thisPayment(({ body }) => reverse('refund', (body as { reason: string }).reason, (body as { tokens?: number }).tokens)),
    )
    .answer(
      adminPaymentRoutes.chargeback,
      thisPayment(({ body }) => reverse('chargeback', (body as { reason: string }).reason)),
    );
}

const openPayment = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Open Popular payment by Sam Member' }));
  return screen.findByRole('dialog', { name: 'Popular · $49.99' });
};

it('sends search, status and days to the server and keeps them in the address; Clear filters empties them', async () => {
  const api = fakeApi().answer(paymentRoutes.adminPayments, ({ query }) => (query.get('q') === 'nobody' ? page([]) : page([aPayment()])));
  const { router } = renderAdmin('/admin/payments?page=2');
  await screen.findByRole('button', { name: 'Open Popular payment by Sam Member' });
  const last = () => api.requestsTo(paymentRoutes.adminPayments).at(-1)!.query;

  fireEvent.click(within(screen.getByRole('group', { name: 'Payment status' })).getByRole('button', { name: 'Charged back' }));
  await waitFor(() => expect(last().get('status')).toBe('charged_back'));
  fireEvent.change(screen.getByLabelText('Search payments'), { target: { value: ' INV-000012 ' } });
  await waitFor(() => expect(last().get('q')).toBe('INV-000012'));
  fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
  fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
  await waitFor(() => expect(last().get('to')).toBe('2026-03-31'));
  expect(Object.fromEntries(last())).toEqual({
    status: 'charged_back',
    q: 'INV-000012',
    from: '2026-03-01',
    to: '2026-03-31',
    limit: '20',
    skip: '0',
  });
  expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
    status: 'charged_back',
    q: 'INV-000012',
    from: '2026-03-01',
    to: '2026-03-31',
  });

  fireEvent.change(screen.getByLabelText('Search payments'), { target: { value: 'nobody' } });
  expect(await screen.findByText('No payments match “nobody”')).toBeVisible();
  fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
  await waitFor(() => expect(last().toString()).toBe('limit=20&skip=0'));
  expect(screen.getByLabelText('Search payments')).toHaveValue('');
  expect(router.state.location.search).toBe('');
});

it('opens a payment in a drawer with its member, card, provider reference, invoice and balance', async () => {
  paymentDesk();
  renderAdmin('/admin/payments');
  const drawer = await openPayment();
  expect(within(drawer).getByText('Sam Member')).toBeVisible();
  expect(within(drawer).getByText('Visa •••• 1111', { exact: false })).toBeVisible();
  expect(within(drawer).getByText('60000000042')).toBeVisible();
  expect(within(drawer).getByText('Authorize.Net')).toBeVisible();
  expect(await within(drawer).findByText('INV-000012')).toBeVisible();
  expect(within(drawer).getByText('1,500.00 tokens')).toBeVisible();
  expect(within(drawer).getByRole('button', { name: 'Refund' })).toBeVisible();
  expect(within(drawer).getByRole('button', { name: 'Record chargeback' })).toBeVisible();
});

it('refunds with a reason: the reason is required, a toast says so, and the drawer shows the refund', async () => {
  const api = paymentDesk();
  renderAdmin('/admin/payments');
  const drawer = await openPayment();
  fireEvent.click(within(drawer).getByRole('button', { name: 'Refund' }));
  const dialog = await screen.findByRole('dialog', { name: 'Refund this payment?' });
  expect(within(dialog).getByText(/\$49\.99 goes back to Sam Member's card/)).toBeVisible();

  fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
  expect(await within(dialog).findByText('Say why')).toBeVisible();
  expect(api.requestsTo(adminPaymentRoutes.refund)).toHaveLength(0);

  fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Bought the wrong package' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
  await seeToast('Payment refunded.');
  expect(api.requestsTo(adminPaymentRoutes.refund)[0]!.body).toEqual({ reason: 'Bought the wrong package' });
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refund this payment?' })).not.toBeInTheDocument());
  expect(await within(drawer).findByText('Bought the wrong package')).toBeVisible();
  expect(within(drawer).getByText(/Ada Admin \(ada@example\.test\) refunded \$49\.99 for 1,200\.00 tokens/)).toBeVisible();
  expect(within(drawer).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  // 1,500 held less the 1,200 the payment bought, as the server read it again.
  expect(await within(drawer).findByText('300.00 tokens')).toBeVisible();
});

it("shows the server's refusal in the dialog and keeps what was typed", async () => {
  const api = paymentDesk().refuse(
    adminPaymentRoutes.refund,
    409,
    'The member holds only 200.00 of the 1,200.00 tokens this payment bought, so it cannot be refunded.',
  );
  renderAdmin('/admin/payments');
  const drawer = await openPayment();
  fireEvent.click(within(drawer).getByRole('button', { name: 'Refund' }));
  const dialog = await screen.findByRole('dialog', { name: 'Refund this payment?' });
  fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Asked for it back' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
  expect(await within(dialog).findByText(/holds only 200\.00 of the 1,200\.00 tokens/)).toBeVisible();
  expect(within(dialog).getByLabelText('Reason')).toHaveValue('Asked for it back');
  expect(api.requestsTo(adminPaymentRoutes.refund).map((request) => request.params.id)).toEqual([PAYMENT_ID]);
});

it('records a chargeback, warning first when the member holds fewer tokens than the payment bought', async () => {
  const api = paymentDesk(aPayment(), 300);
  renderAdmin('/admin/payments');
  const drawer = await openPayment();
  await within(drawer).findByText('300.00 tokens');
  fireEvent.click(within(drawer).getByRole('button', { name: 'Record chargeback' }));
  const dialog = await screen.findByRole('dialog', { name: 'Record a chargeback?' });
  expect(within(dialog).getByText(/they hold only 300\.00, so that much is taken and the rest is recorded as a shortfall/)).toBeVisible();
  fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Dispute 4855' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Record chargeback' }));
  await seeToast('Chargeback recorded.');
  expect(api.requestsTo(adminPaymentRoutes.chargeback)[0]!.body).toEqual({ reason: 'Dispute 4855' });
  expect(await within(drawer).findByText('Dispute 4855')).toBeVisible();
});

it('offers no reversal on a payment that is not approved', async () => {
  paymentDesk(aPayment({ status: 'declined', failureMessage: 'This transaction has been declined.', invoiceId: null }));
  renderAdmin('/admin/payments');
  const drawer = await openPayment();
  expect(within(drawer).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  expect(within(drawer).queryByRole('button', { name: 'Record chargeback' })).not.toBeInTheDocument();
});

it('searches invoices by number and status, and keeps them in the address', async () => {
  const api = fakeApi().answer(paymentRoutes.adminInvoices, () => page([anInvoice({ status: 'charged_back' })]));
  const { router } = renderAdmin('/admin/invoices');
  expect(await screen.findByRole('button', { name: 'INV-000012' })).toBeVisible();
  expect(screen.getByText('Charged back', { selector: '.ui-badge, span' })).toBeVisible();
  const last = () => api.requestsTo(paymentRoutes.adminInvoices).at(-1)!.query;
  fireEvent.click(within(screen.getByRole('group', { name: 'Invoice status' })).getByRole('button', { name: 'Refunded' }));
  fireEvent.change(screen.getByLabelText('Search invoices'), { target: { value: 'INV-12' } });
  await waitFor(() => expect(last().get('q')).toBe('INV-12'));
  expect(last().get('status')).toBe('refunded');
  expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ status: 'refunded', q: 'INV-12' });
});

it('says what can be refunded before the button is pressed, and refunds the part the member still holds', async () => {
  // She spent 200 of the 1,200 tokens the payment bought.
  const api = paymentDesk(aPayment(), 1_000);
  renderAdmin('/admin/payments');
  const drawer = await openPayment();
  // 1,000/1,200 of $49.99 is $41.658…, to the nearest cent.
  const refundable = (await within(drawer).findByText('Can be refunded')).closest('div')!;
  expect(refundable).toHaveTextContent('Can be refunded1,000.00 of 1,200.00 tokens ($41.66): the member spent the rest');

  fireEvent.click(within(drawer).getByRole('button', { name: 'Refund' }));
  const dialog = await screen.findByRole('dialog', { name: 'Refund this payment?' });
  const amount = within(dialog).getByLabelText('Tokens to refund');
  expect(amount).toHaveValue('1,000.00');
  expect(within(dialog).getByText('Gives back $41.66 of $49.99. At most 1,000.00 tokens.')).toBeVisible();
  fireEvent.change(amount, { target: { value: '1,100' } });
  expect(within(dialog).getByText('At most 1,000.00 tokens.')).toBeVisible();
  for (const text of ['5', '50', '500']) fireEvent.change(amount, { target: { value: text } });
  // 500/1,200 of $49.99 is $20.829…
  expect(within(dialog).getByText('Gives back $20.83 of $49.99. At most 1,000.00 tokens.')).toBeVisible();
  expect(within(dialog).getByText(/^\$20\.83 of the \$49\.99 goes back to Sam Member's card/)).toBeVisible();
  fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Half the package by mistake' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));

  await seeToast('Payment refunded.');
  expect(api.requestsTo(adminPaymentRoutes.refund)[0]!.body).toEqual({ reason: 'Half the package by mistake', tokens: 500 });
  expect(await within(drawer).findByText(/refunded \$20\.83 for 500\.00 tokens/)).toBeVisible();
  expect(within(drawer).getByText('Partly refunded', { selector: '.ui-badge' })).toBeVisible();
});

it('offers no refund when the member holds none of the tokens, and says so', async () => {
  paymentDesk(aPayment(), 0);
  renderAdmin('/admin/payments');
  const drawer = await openPayment();
  const refundable = (await within(drawer).findByText('Can be refunded')).closest('div')!;
  expect(refundable).toHaveTextContent('Nothing: the member holds none of the tokens it bought');
  expect(within(drawer).getByRole('button', { name: 'Refund' })).toBeDisabled();
  expect(within(drawer).getByRole('button', { name: 'Record chargeback' })).toBeEnabled();
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { packageRoutes, paymentRoutes, walletRoutes, type PurchaseRequest, type RouteAnswer } from '@cc/contracts';
import { buildMe } from '../../../../test/factories';
import { fakeApi, page, withStatus } from '../../../../test/fakeApi';
import { aPackage, aPayment, fakeAccept, renderMoney, SANDBOX_CONFIG } from './harness';

// The payment script the test put on the window (fakeAccept) goes with the test.
afterEach(() => {
  delete window.Accept;
});

const starter = aPackage({ name: 'Starter', tokens: 100, priceCents: 999, ordering: 0 });
const popular = aPackage({ name: 'Popular', tokens: 1_200, priceCents: 9_999, ordering: 1 });

/** A shop with two packages, no saved cards, and a member holding 50.00 tokens. */
function shop() {
  let balance = 50;
  const api = fakeApi()
    .answer(packageRoutes.onSale, page([starter, popular]))
    .answer(walletRoutes.balance, () => ({ balance }))
    .answer(paymentRoutes.savedCards, page([]))
    .answer(paymentRoutes.acceptConfig, SANDBOX_CONFIG);
  return {
    api,
    credit(tokens: number) {
      balance += tokens;
      return balance;
    },
  };
}

async function openCheckout(name: RegExp) {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name: /^Buy / });
}

/** The card form appears once the saved cards have loaded, so wait for it before typing. */
async function typeCard(dialog: HTMLElement, card: { number: string; expiry: string; cvc: string; name: string }) {
  fireEvent.change(await within(dialog).findByLabelText('Card number'), { target: { value: card.number } });
  fireEvent.change(within(dialog).getByLabelText('Expiry'), { target: { value: card.expiry } });
  fireEvent.change(within(dialog).getByLabelText('Security code'), { target: { value: card.cvc } });
  fireEvent.change(within(dialog).getByLabelText('Name on card'), { target: { value: card.name } });
}

const GOOD_CARD = { number: '4111111111111111', expiry: '1239', cvc: '123', name: 'Ada Lovelace' };
const balanceShown = () => screen.getByTestId('balance-amount').textContent;

it('refuses a mistyped card number, a past expiry and a short code before anything is sent', async () => {
  const { api } = shop();
  const accept = fakeAccept();
  renderMoney('/tokens', buildMe({ balance: 50 }));
  const dialog = await openCheckout(/^Buy Starter/);

  await typeCard(dialog, { number: '4111 1111 1111 1112', expiry: '01/20', cvc: '12', name: '' });
  // The number is spaced in fours as it is typed.
  expect(within(dialog).getByLabelText('Card number')).toHaveValue('4111 1111 1111 1112');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $9.99' }));

  expect(await within(dialog).findByText('This card number is not valid — check the digits')).toBeVisible();
  expect(within(dialog).getByText('This card has expired')).toBeVisible();
  expect(within(dialog).getByText('The security code is 3 or 4 digits')).toBeVisible();
  expect(within(dialog).getByText('Enter the name on the card')).toBeVisible();
  expect(accept).not.toHaveBeenCalled();
  expect(api.requestsTo(paymentRoutes.purchase)).toHaveLength(0);

  // Fixed as typed: the messages go away once the input is right.
  fireEvent.change(await within(dialog).findByLabelText('Card number'), { target: { value: '4111111111111111' } });
  await waitFor(() => expect(within(dialog).queryByText('This card number is not valid — check the digits')).not.toBeInTheDocument());
  fireEvent.change(within(dialog).getByLabelText('Expiry'), { target: { value: '1' } });
  fireEvent.change(within(dialog).getByLabelText('Expiry'), { target: { value: '12' } });
  expect(within(dialog).getByLabelText('Expiry')).toHaveValue('12/');
  fireEvent.change(within(dialog).getByLabelText('Expiry'), { target: { value: '12/3' } });
  fireEvent.change(within(dialog).getByLabelText('Expiry'), { target: { value: '12/39' } });
  await waitFor(() => expect(within(dialog).queryByText('This card has expired')).not.toBeInTheDocument());
  // Many keystrokes through the checkout form: slower than most on a busy machine.
}, 20_000);

it('retries a lost answer with the same key and the same nonce, then uses a new key for the next purchase', async () => {
  const { api, credit } = shop();
  const accept = fakeAccept();
  let attempts = 0;
  api.answer(paymentRoutes.purchase, ({ body }) => {
    attempts += 1;
    if (attempts === 1) throw new TypeError('Failed to fetch');
    const request = body as PurchaseRequest;
    const pkg = request.packageId === starter._id ? starter : popular;
    return {
      payment: aPayment({ packageName: pkg.name, tokens: pkg.tokens, amountCents: pkg.priceCents, invoiceId: 'inv-1' }),
      balance: credit(pkg.tokens),
    };
  });
  renderMoney('/tokens', buildMe({ balance: 50 }));
  expect(await screen.findByText('50.00')).toBeVisible();

  const dialog = await openCheckout(/^Buy Starter/);
  await typeCard(dialog, GOOD_CARD);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $9.99' }));

  expect(await within(dialog).findByText('We could not confirm the payment yet')).toBeVisible();
  expect(balanceShown()).toBe('50.00');
  const retry = within(dialog).getByRole('button', { name: 'Try again' });
  fireEvent.click(retry);
  // A second press while the first runs does nothing.
  fireEvent.click(retry);

  expect(await screen.findByRole('dialog', { name: 'Tokens added' })).toBeVisible();
  const sent = api.requestsTo(paymentRoutes.purchase).map((c) => c.body as PurchaseRequest);
  expect(sent).toHaveLength(2);
  expect(sent[1]).toEqual(sent[0]);
  expect(sent[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  expect(sent[0]!.payment).toEqual({ kind: 'card', opaqueData: expect.objectContaining({ dataValue: 'nonce-1111-1' }), saveCard: false });
  expect(accept).toHaveBeenCalledTimes(1);
  // The card number went to the payment script, never to our server.
  expect(JSON.stringify(api.requests.map(({ path, query, body }) => ({ path, query: query.toString(), body })))).not.toContain(
    '4111111111111111',
  );

  const done = screen.getByRole('dialog', { name: 'Tokens added' });
  expect(within(done).getByText('+100.00 tokens')).toBeVisible();
  expect(within(done).getByRole('link', { name: 'View invoice' })).toHaveAttribute('href', '/invoices/inv-1');
  expect(await screen.findByText(/Tokens added: 100\.00 tokens are in your balance/)).toBeVisible();
  expect(balanceShown()).toBe('150.00');
  fireEvent.click(within(done).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  // A new purchase is a new attempt: a new key.
  const again = await openCheckout(/^Buy Popular/);
  await typeCard(again, GOOD_CARD);
  fireEvent.click(within(again).getByRole('button', { name: 'Pay $99.99' }));
  await screen.findByRole('dialog', { name: 'Tokens added' });
  const keys = api.requestsTo(paymentRoutes.purchase).map((c) => (c.body as PurchaseRequest).idempotencyKey);
  expect(keys).toHaveLength(3);
  expect(keys[2]).not.toBe(keys[0]);
  expect(balanceShown()).toBe('1,350.00');
  // Two checkouts, three payments and a reload of the balance: slower than most on a busy machine.
}, 20_000);

it('shows a decline in the checkout, leaves the balance alone, and makes the next press a new attempt', async () => {
  const { api } = shop();
  fakeAccept();
  api.refuse(paymentRoutes.purchase, 402, 'Your card was declined. Try another card.', { code: 'CARD_DECLINED' });
  renderMoney('/tokens', buildMe({ balance: 50 }));

  const dialog = await openCheckout(/^Buy Starter/);
  await typeCard(dialog, { ...GOOD_CARD, number: '4000 0000 0000 0002' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $9.99' }));

  expect(await within(dialog).findByText('Your card was declined. Try another card.')).toBeVisible();
  expect(within(dialog).getByText('The payment did not go through')).toBeVisible();
  expect(balanceShown()).toBe('50.00');
  // What was typed stays, so another card is one edit away.
  expect(within(dialog).getByLabelText('Name on card')).toHaveValue('Ada Lovelace');

  fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $9.99' }));
  await waitFor(() => expect(api.requestsTo(paymentRoutes.purchase)).toHaveLength(2));
  const [first, second] = api.requestsTo(paymentRoutes.purchase).map((c) => (c.body as PurchaseRequest).idempotencyKey);
  expect(second).not.toBe(first);
  expect(balanceShown()).toBe('50.00');
});

it('pays with a saved card chosen in the list and explains a payment held for review', async () => {
  const { api } = shop();
  // Held for review: the server answers 202, one of the route's other success statuses.
  const review: RouteAnswer<typeof paymentRoutes.purchase> = { payment: aPayment({ status: 'held', invoiceId: null }), balance: 50 };
  api
    .answer(
      paymentRoutes.savedCards,
      page([{ _id: '00000000-0000-4000-8000-0000000000aa', cardLast4: '4242', cardBrand: 'Visa', expiry: '12/30' }]),
    )
    .answer(paymentRoutes.purchase, () => withStatus(202, review));
  renderMoney('/tokens', buildMe({ balance: 50 }));

  const dialog = await openCheckout(/^Buy Starter/);
  const saved = await within(dialog).findByRole('radio', { name: /Visa •••• 4242/ });
  expect(saved).toBeChecked();
  expect(within(dialog).queryByLabelText('Card number')).not.toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $9.99' }));

  const held = await screen.findByRole('dialog', { name: 'Payment under review' });
  expect(within(held).getByText(/held for a short security review/)).toBeVisible();
  expect((api.requestsTo(paymentRoutes.purchase)[0]!.body as PurchaseRequest).payment).toEqual({
    kind: 'saved',
    paymentMethodId: '00000000-0000-4000-8000-0000000000aa',
  });
  expect(balanceShown()).toBe('50.00');
});

it('marks the package with the most tokens per dollar and shows the sandbox test cards', async () => {
  shop();
  fakeAccept();
  renderMoney('/tokens');
  const best = (await screen.findByRole('heading', { name: 'Popular' })).closest('article')!;
  expect(within(best).getByText('Best value')).toBeVisible();
  expect(within(best).getByText('$99.99')).toBeVisible();
  expect(within(best).getByText('1,200.00')).toBeVisible();
  expect(within(best).getByText('$0.08 per token')).toBeVisible();
  const other = screen.getByRole('heading', { name: 'Starter' }).closest('article')!;
  expect(within(other).queryByText('Best value')).not.toBeInTheDocument();
  expect(within(other).getByText('$0.10 per token')).toBeVisible();

  const dialog = await openCheckout(/^Buy Starter/);
  fireEvent.click(await within(dialog).findByRole('button', { name: /Use test card 4000 0000 0000 0002 \(declined\)/ }));
  expect(within(dialog).getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
});

it('someone sent here by Call Now to buy tokens is offered the way back to the call once they are added', async () => {
  const { api, credit } = shop();
  fakeAccept();
  api.answer(paymentRoutes.purchase, () => ({
    payment: aPayment({ packageName: starter.name, tokens: starter.tokens, amountCents: starter.priceCents, invoiceId: 'inv-9' }),
    balance: credit(starter.tokens),
  }));
  const { router } = renderMoney('/tokens?next=%2Fmodels%2Fruby', buildMe({ balance: 5 }));
  const dialog = await openCheckout(/^Buy Starter/);
  await typeCard(dialog, GOOD_CARD);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $9.99' }));
  const done = await screen.findByRole('dialog', { name: 'Tokens added' });
  const back = within(done).getByRole('link', { name: 'Back to the call' });
  expect(back).toHaveAttribute('href', '/models/ruby');
  fireEvent.click(back);
  await waitFor(() => expect(router.state.location.pathname).toBe('/models/ruby'));
}, 20_000);

it('a return address off this site is not offered: the checkout ends with Done', async () => {
  const { api, credit } = shop();
  fakeAccept();
  api.answer(paymentRoutes.purchase, () => ({
    payment: aPayment({ packageName: starter.name, tokens: starter.tokens, amountCents: starter.priceCents }),
    balance: credit(starter.tokens),
  }));
  renderMoney('/tokens?next=https%3A%2F%2Fevil.example%2F', buildMe({ balance: 5 }));
  const dialog = await openCheckout(/^Buy Starter/);
  await typeCard(dialog, GOOD_CARD);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $9.99' }));
  const done = await screen.findByRole('dialog', { name: 'Tokens added' });
  expect(within(done).getByRole('button', { name: 'Done' })).toBeVisible();
  expect(within(done).queryByRole('link', { name: /Back to|Go back/ })).not.toBeInTheDocument();
}, 20_000);

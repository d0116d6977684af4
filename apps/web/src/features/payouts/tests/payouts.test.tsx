import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { payoutsRoutes, profileRoutes, systemRoutes, walletRoutes } from '@cc/contracts';
import { fakeApi, page, refusal } from '../../../../test/fakeApi';
import { aBankAccount, aModel, aPayoutRequest, aPaypalAccount, renderPayouts } from './harness';
import { seeToast } from '../../../../test/toasts';

/** Types the way a person does, one key at a time, so every intermediate text goes through the form. */
function type(input: HTMLElement, text: string) {
  for (let i = 1; i <= text.length; i++) fireEvent.change(input, { target: { value: text.slice(0, i) } });
  fireEvent.blur(input);
}

const balanceShown = () => screen.getByRole('group', { name: 'Available balance' }).textContent;
const historyRows = () =>
  within(screen.getByRole('table', { name: 'Payout requests' }))
    .getAllByRole('row')
    .slice(1);

/**
 * A model with 1,234.56 tokens, a PayPal account and one paid payout, on a site whose smallest
 * payout is 100 tokens and whose token pays 8 cents; the balance drops when a request is made.
 */
function payoutServer() {
  const old = aPayoutRequest({ token: 200 });
  let balance = 1_234.56;
  const api = fakeApi()
    .answer(systemRoutes.configKeys, { minPayoutTokens: 100, payoutRateCents: 8 })
    .answer(walletRoutes.balance, () => ({ balance }))
    .answer(payoutsRoutes.account, aPaypalAccount())
    .answer(payoutsRoutes.requests, page([old]))
    .answer(profileRoutes.accountCode, { ok: true });
  return {
    api,
    old,
    spend: (tokens: number) => {
      balance = Math.round((balance - tokens) * 100) / 100;
    },
  };
}

it('without a payout account, asks for one first instead of showing the form', async () => {
  fakeApi()
    .answer(walletRoutes.balance, { balance: 1_234.56 })
    .answer(payoutsRoutes.account, null)
    .answer(payoutsRoutes.requests, page([]));
  renderPayouts('/payouts');

  const prompt = (await screen.findByText('Add a payout account first')).closest('.ui-empty') as HTMLElement;
  expect(within(prompt).getByRole('link', { name: 'Add a payout account' })).toHaveAttribute('href', '/payouts/account');
  expect(screen.queryByRole('form', { name: 'Request a payout' })).not.toBeInTheDocument();
  expect(balanceShown()).toBe('Available balance1,234.56 tokens');
  expect(await screen.findByText('No payouts yet')).toBeVisible();
});

it('sends a code, then requests the payout: the request tops the history and the balance drops', async () => {
  const { api, spend } = payoutServer();
  api.answer(payoutsRoutes.request, ({ body }) => {
    spend(150);
    return aPayoutRequest({
      _id: 'new-1',
      token: (body as { token: number }).token,
      amountCents: 1200,
      status: 'pending',
      createdAt: '2026-03-04T10:00:00.000Z',
      approvedAt: null,
      paidAt: null,
    });
  });
  const { store } = renderPayouts('/payouts');

  const form = await screen.findByRole('form', { name: 'Request a payout' });
  expect(form).toHaveTextContent('PayPal · ruby.pay@example.test');
  // No code, no request: the button waits for the code to be sent.
  expect(within(form).getByRole('button', { name: 'Request payout' })).toBeDisabled();

  type(within(form).getByLabelText('Amount'), '150');
  // 150 tokens at 8 cents.
  expect(within(form).getByText(/You will receive/)).toHaveTextContent('You will receive $12.00');
  fireEvent.click(within(form).getByRole('button', { name: 'Send me a code' }));
  expect(await within(form).findByText('ruby@example.test')).toBeVisible();
  expect(within(form).getByRole('status')).toHaveTextContent(
    /^We e-mailed a 6-digit code for 150\.00 tokens \(\$12\.00\) to ruby@example\.test\. It is valid for 10 minutes\.$/,
  );
  // The mail names what the code confirms, so the amount goes with the ask.
  expect(api.requestsTo(profileRoutes.accountCode).map((r) => r.body)).toEqual([{ purpose: 'payout', token: 150 }]);
  expect(within(form).getByRole('button', { name: 'Send me a new code' })).toBeVisible();

  type(within(form).getByLabelText('Code'), '123456');
  fireEvent.click(within(form).getByRole('button', { name: 'Request 150.00 tokens' }));

  await waitFor(() => expect(historyRows()).toHaveLength(2));
  const [first, second] = historyRows();
  expect(within(first!).getByText('Pending')).toBeVisible();
  expect(within(first!).getByText('150.00')).toBeVisible();
  expect(within(first!).getByText('$12.00')).toBeVisible();
  expect(within(first!).getByText('Waiting')).toBeVisible();
  expect(within(second!).getByText('200.00')).toBeVisible();
  expect(api.requestsTo(payoutsRoutes.request)[0]!.body).toEqual({ token: 150, verifyCode: '123456', email: 'ruby@example.test' });
  // Prepended to the list on success (spec section 4), not read again.
  expect(api.requestsTo(payoutsRoutes.requests)).toHaveLength(1);

  // 1,084.56 tokens at 8 cents is $86.7648, rounded down to the cent.
  await waitFor(() => expect(balanceShown()).toBe('Available balance1,084.56 tokensWorth $86.76 when paid out'));
  expect(store.getState().auth.user!.balance).toBe(1_084.56);
  await seeToast('Payout of 150.00 tokens requested. We will tell you when it is paid.');
  // The form starts over: a code works once.
  expect(within(form).getByLabelText('Amount')).toHaveValue('');
  expect(within(form).queryByLabelText('Code')).not.toBeInTheDocument();
});

it('puts each refusal next to the field it names and keeps what was typed', async () => {
  const { api } = payoutServer();
  let answer = refusal(422, 'That code is not right. 4 tries left.', {
    code: 'INVALID_CODE',
    fields: { verifyCode: 'That code is not right. 4 tries left.' },
  });
  api.answer(payoutsRoutes.request, () => answer);
  renderPayouts('/payouts');
  const form = await screen.findByRole('form', { name: 'Request a payout' });

  // The form's own checks, from the contract: amounts with two decimals at most, codes of 6 digits.
  const amount = within(form).getByLabelText('Amount') as HTMLInputElement;
  type(amount, '1.234');
  expect(await within(form).findByText('Enter an amount of tokens, like 150 or 99.50')).toBeVisible();
  type(amount, '5000');
  expect(await within(form).findByText('Your balance is 1,234.56 tokens')).toBeVisible();
  type(amount, '150');
  fireEvent.click(within(form).getByRole('button', { name: 'Send me a code' }));
  const code = (await within(form).findByLabelText('Code')) as HTMLInputElement;
  type(code, '12');
  expect(await within(form).findByText('The code is the 6 digits we e-mailed you')).toBeVisible();

  // A wrong code, as the server says it: under the code.
  type(code, '999999');
  fireEvent.click(within(form).getByRole('button', { name: 'Request 150.00 tokens' }));
  expect(await within(form).findByText('That code is not right. 4 tries left.')).toBeVisible();
  expect(code).toHaveAttribute('aria-invalid', 'true');
  expect(code).toHaveValue('999999');
  expect(amount).toHaveValue('150');

  // Under the minimum: a refusal with no `details.fields` still lands under the amount.
  answer = refusal(422, 'The smallest payout is 100.00 tokens.', { code: 'BELOW_MINIMUM' });
  type(code, '123456');
  fireEvent.click(within(form).getByRole('button', { name: 'Request 150.00 tokens' }));
  expect(await within(form).findByText('The smallest payout is 100.00 tokens.')).toBeVisible();
  expect(amount).toHaveAttribute('aria-invalid', 'true');
  expect(historyRows()).toHaveLength(1);

  // The account went away meanwhile: said for the whole form, with the way to add one.
  answer = refusal(422, 'Add a payout account before you request a payout.', { code: 'NO_PAYOUT_ACCOUNT' });
  type(amount, '150');
  fireEvent.click(within(form).getByRole('button', { name: 'Request 150.00 tokens' }));
  const alert = (await within(form).findByText('Add a payout account before you request a payout.')).closest(
    '[role="alert"]',
  ) as HTMLElement;
  expect(amount).not.toHaveAttribute('aria-invalid');
  expect(within(alert).getByRole('link', { name: 'Add a payout account' })).toHaveAttribute('href', '/payouts/account');
});

it('shows each request with its status, its money, where it was paid, when it was decided, the note and the reference', async () => {
  fakeApi()
    .answer(walletRoutes.balance, { balance: 10 })
    .answer(payoutsRoutes.account, aBankAccount())
    .answer(
      payoutsRoutes.requests,
      page([
        aPayoutRequest({
          token: 1_500,
          status: 'rejected',
          note: 'The IBAN bounced; check it and ask again.',
          payoutAccount: { type: 'bank_transfer', email: null, bankInfo: aBankAccount().bankInfo },
          approvedAt: null,
          paidAt: null,
          rejectedAt: '2026-03-02T10:00:00.000Z',
        }),
        aPayoutRequest({ token: 99.5, status: 'approved', paidAt: null }),
        aPayoutRequest({ token: 200, amountCents: 1600, reference: 'PP-7Q2K' }),
      ]),
    );
  renderPayouts('/payouts');

  await screen.findByRole('table', { name: 'Payout requests' });
  const [rejected, approved] = historyRows();
  expect(within(rejected!).getByText('Rejected', { selector: '.ui-badge' })).toBeVisible();
  expect(within(rejected!).getByText('1,500.00')).toBeVisible();
  expect(within(rejected!).getByText('Bank transfer · Acme Bank •••• 1234')).toBeVisible();
  expect(within(rejected!).getByText('The IBAN bounced; check it and ask again.')).toBeVisible();
  const decided = rejected!.querySelector('time[datetime="2026-03-02T10:00:00.000Z"]')!;
  expect(decided.closest('td')!).toHaveTextContent(/^Rejected /);
  expect(within(approved!).getByText('Approved', { selector: '.ui-badge' })).toBeVisible();
  expect(within(approved!).getByText('PayPal · r•••@example.test')).toBeVisible();
  expect(within(approved!).getByText('99.50')).toBeVisible();
  // Paid: the money it paid at its own rate, and the transfer's reference to find it by.
  const paid = historyRows()[2]!;
  expect(within(paid).getByText('$16.00')).toBeVisible();
  expect(within(paid).getByText('Reference: PP-7Q2K')).toBeVisible();
  // Paid to a bank account: named above the button.
  expect(screen.getByRole('form', { name: 'Request a payout' })).toHaveTextContent('Paid to Bank transfer · Acme Bank •••• 1234');
});

it('offers a retry when the history cannot load, and shows it once it can', async () => {
  let fail = true;
  fakeApi()
    .answer(walletRoutes.balance, { balance: 10 })
    .answer(payoutsRoutes.account, aPaypalAccount())
    .answer(payoutsRoutes.requests, () => (fail ? refusal(500, 'The server had a problem.') : page([aPayoutRequest()])));
  renderPayouts('/payouts');
  expect(await screen.findByText('Could not load your payouts')).toBeVisible();
  expect(screen.getByText('No results')).toBeVisible();
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('table', { name: 'Payout requests' })).toBeVisible();
});

it('tells a member who is not a model that payouts are for creators', () => {
  fakeApi();
  renderPayouts('/payouts', aModel({ type: 'user' }));
  const empty = screen.getByText('Payouts are for creators').closest('.ui-empty') as HTMLElement;
  expect(within(empty).getByRole('link', { name: 'Back to tokens' })).toHaveAttribute('href', '/tokens');
  expect(screen.queryByRole('form', { name: 'Request a payout' })).not.toBeInTheDocument();
});

it('says the smallest payout and what a token pays before anything is typed, and mails no code for less', async () => {
  const { api } = payoutServer();
  renderPayouts('/payouts');
  const form = await screen.findByRole('form', { name: 'Request a payout' });
  // 100 tokens at 8 cents.
  expect(screen.getByText(/^The smallest payout is/)).toHaveTextContent(
    'The smallest payout is 100.00 tokens ($8.00); a token pays $0.08.',
  );
  expect(within(form).getByText('From 100.00 up to 1,234.56 tokens.')).toBeVisible();

  const amount = within(form).getByLabelText('Amount');
  type(amount, '99.99');
  expect(within(form).getByText('The smallest payout is 100.00 tokens ($8.00)')).toBeVisible();
  expect(within(form).queryByText(/You will receive/)).not.toBeInTheDocument();
  fireEvent.click(within(form).getByRole('button', { name: 'Send me a code' }));
  await waitFor(() => expect(amount).toHaveFocus());
  expect(api.requestsTo(profileRoutes.accountCode)).toHaveLength(0);
  expect(within(form).queryByLabelText('Code')).not.toBeInTheDocument();

  // Nothing typed yet: the amount is asked for first, since the mail names it.
  fireEvent.change(amount, { target: { value: '' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Send me a code' }));
  expect(await within(form).findByText('Enter an amount of tokens, like 150 or 99.50')).toBeVisible();
  expect(api.requestsTo(profileRoutes.accountCode)).toHaveLength(0);
});

it('below the smallest payout, says how far she is instead of offering a request', async () => {
  const { api } = payoutServer();
  api.answer(walletRoutes.balance, { balance: 40 });
  renderPayouts('/payouts', aModel({ balance: 40 }));
  expect(await screen.findByText('You can request a payout from 100.00 tokens')).toBeVisible();
  expect(screen.getByText('You have 40.00 tokens: 60.00 more and you can ask to be paid.')).toBeVisible();
  expect(screen.queryByRole('form', { name: 'Request a payout' })).not.toBeInTheDocument();
  expect(balanceShown()).toBe('Available balance40.00 tokensWorth $3.20 when paid out');
});

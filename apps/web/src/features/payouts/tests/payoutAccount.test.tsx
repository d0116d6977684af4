import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { payoutsRoutes, type PayoutAccount } from '@cc/contracts';
import { fakeApi, refusal, type Refusal } from '../../../../test/fakeApi';
import { aBankAccount, aPaypalAccount, renderPayouts } from './harness';
import { seeToast } from '../../../../test/toasts';

function fill(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}

const savedCard = () => screen.findByRole('region', { name: 'Your payout account' });

it('adds a PayPal account, checking the address first, then shows it back in full', async () => {
  const api = fakeApi()
    .answer(payoutsRoutes.account, null)
    .answer(payoutsRoutes.saveAccount, aPaypalAccount({ email: 'ruby@paypal.test', updatedAt: '2026-03-04T10:00:00.000Z' }));
  renderPayouts('/payouts/account');

  const form = await screen.findByRole('form', { name: 'Payout account' });
  expect(screen.getByRole('heading', { name: 'Add a payout account' })).toBeVisible();
  expect(within(form).getByRole('radio', { name: /PayPal/ })).toBeChecked();

  const email = within(form).getByLabelText('PayPal e-mail');
  fill(email, 'not-an-address');
  fireEvent.click(within(form).getByRole('button', { name: 'Save payout account' }));
  expect(await within(form).findByText('Give the e-mail address of your PayPal account')).toBeVisible();
  expect(api.requestsTo(payoutsRoutes.saveAccount)).toHaveLength(0);

  fill(email, 'ruby@paypal.test');
  fireEvent.click(within(form).getByRole('button', { name: 'Save payout account' }));

  const saved = await savedCard();
  expect(within(saved).getByText('PayPal', { selector: '.ui-badge' })).toBeVisible();
  expect(within(saved).getByText('ruby@paypal.test')).toBeVisible();
  expect(api.requestsTo(payoutsRoutes.saveAccount)[0]!.body).toEqual({ type: 'paypal', email: 'ruby@paypal.test' });
  await seeToast('Payout account saved: PayPal.');
  expect(screen.getByRole('heading', { name: 'Change payout account' })).toBeVisible();
});

it('switches to a bank transfer, sends only what was filled in, and puts the server’s refusals on their fields', async () => {
  let answer: PayoutAccount | Refusal = refusal(
    422,
    'bankInfo.iban: That IBAN is not valid: check the country code, the two check digits and the length',
    {
      code: 'VALIDATION_FAILED',
      fields: { 'bankInfo.iban': 'That IBAN is not valid: check the country code, the two check digits and the length' },
    },
  );
  const api = fakeApi()
    .answer(payoutsRoutes.account, aPaypalAccount())
    .answer(payoutsRoutes.saveAccount, () => answer);
  renderPayouts('/payouts/account');

  // The saved PayPal account, its address in full, above the form to change it.
  expect(within(await savedCard()).getByText('ruby.pay@example.test')).toBeVisible();
  const form = screen.getByRole('form', { name: 'Payout account' });
  fireEvent.click(within(form).getByRole('radio', { name: /Bank transfer/ }));
  expect(within(form).queryByLabelText('PayPal e-mail')).not.toBeInTheDocument();

  // The contract's own checks, before anything is sent.
  fireEvent.click(within(form).getByRole('button', { name: 'Save new payout account' }));
  expect(await within(form).findByText('The account holder is required')).toBeVisible();
  expect(within(form).getByText('The bank name is required')).toBeVisible();
  expect(api.requestsTo(payoutsRoutes.saveAccount)).toHaveLength(0);

  fill(within(form).getByLabelText('Account holder'), 'Ruby Rose');
  fill(within(form).getByLabelText('Bank name'), 'Acme Bank');
  const iban = within(form).getByLabelText('Account number or IBAN') as HTMLInputElement;
  fill(iban, 'GB82 WEST 1234 5698 7654 32');
  fireEvent.click(within(form).getByRole('button', { name: 'Save new payout account' }));

  expect(
    await within(form).findByText('That IBAN is not valid: check the country code, the two check digits and the length'),
  ).toBeVisible();
  expect(iban).toHaveAttribute('aria-invalid', 'true');
  expect(iban).toHaveValue('GB82 WEST 1234 5698 7654 32');
  expect(api.requestsTo(payoutsRoutes.saveAccount)[0]!.body).toEqual({
    type: 'bank_transfer',
    bankInfo: { beneficiaryName: 'Ruby Rose', bankName: 'Acme Bank', iban: 'GB82 WEST 1234 5698 7654 32' },
  });

  answer = aBankAccount({
    bankInfo: { beneficiaryName: 'Ruby Rose', bankName: 'Acme Bank', iban: '•••• 5432', swift: null },
    updatedAt: '2026-03-04T10:00:00.000Z',
  });
  fireEvent.click(within(form).getByRole('button', { name: 'Save new payout account' }));
  await waitFor(async () => expect(within(await savedCard()).getByText('•••• 5432')).toBeVisible());
  const saved = await savedCard();
  expect(within(saved).getByText('Bank transfer', { selector: '.ui-badge' })).toBeVisible();
  expect(within(saved).getByText('Acme Bank')).toBeVisible();
  expect(within(saved).queryByText('SWIFT/BIC')).not.toBeInTheDocument();
  // The new form starts from the saved account: the account number only as its last four.
  const fresh = screen.getByRole('form', { name: 'Payout account' });
  expect(within(fresh).getByLabelText('Bank name')).toHaveValue('Acme Bank');
  expect(within(fresh).getByLabelText(/^Account number or IBAN/)).toHaveValue('•••• 5432');
});

it('sends a saved bank account back as it was read: the masked number keeps the saved one', async () => {
  const api = fakeApi()
    .answer(
      payoutsRoutes.account,
      aBankAccount({
        bankInfo: {
          beneficiaryName: 'Ruby Rose',
          bankName: 'Acme Bank',
          iban: '•••• 1234',
          swift: 'ACMEGB2L',
          bankAddress: '1 Bank St',
          beneficiaryAddress: null,
        },
      }),
    )
    .answer(payoutsRoutes.saveAccount, ({ body }) =>
      aBankAccount({ bankInfo: (body as { bankInfo: PayoutAccount['bankInfo'] }).bankInfo }),
    );
  renderPayouts('/payouts/account');

  expect(within(await savedCard()).getByText('1 Bank St')).toBeVisible();
  const form = screen.getByRole('form', { name: 'Payout account' });
  const iban = within(form).getByLabelText(/^Account number or IBAN/);
  expect(iban).toHaveValue('•••• 1234');
  expect(form).toHaveTextContent('leave it to keep your saved number');
  fill(within(form).getByLabelText('Bank name'), 'Acme Bank Ltd');
  fireEvent.click(within(form).getByRole('button', { name: 'Save new payout account' }));

  await waitFor(() => expect(api.requestsTo(payoutsRoutes.saveAccount)).toHaveLength(1));
  expect(api.requestsTo(payoutsRoutes.saveAccount)[0]!.body).toEqual({
    type: 'bank_transfer',
    bankInfo: { beneficiaryName: 'Ruby Rose', bankName: 'Acme Bank Ltd', iban: '•••• 1234', swift: 'ACMEGB2L', bankAddress: '1 Bank St' },
  });
  expect(iban).not.toHaveAttribute('aria-invalid', 'true');
});

it('fills the form with her saved PayPal address in full, to check or change', async () => {
  fakeApi().answer(payoutsRoutes.account, aPaypalAccount());
  renderPayouts('/payouts/account');
  const form = await screen.findByRole('form', { name: 'Payout account' });
  expect(within(form).getByLabelText(/^PayPal e-mail/)).toHaveValue('ruby.pay@example.test');
});

it('refuses a name where the account number goes, and a mistyped IBAN, before anything is sent', async () => {
  const api = fakeApi().answer(payoutsRoutes.account, aPaypalAccount());
  renderPayouts('/payouts/account');
  await savedCard();
  const form = screen.getByRole('form', { name: 'Payout account' });
  fireEvent.click(within(form).getByRole('radio', { name: /Bank transfer/ }));
  fill(within(form).getByLabelText('Account holder'), 'Luna Star');
  fill(within(form).getByLabelText('Bank name'), 'Acme Bank');
  const iban = within(form).getByLabelText('Account number or IBAN');
  fill(iban, 'Luna Star');
  fireEvent.click(within(form).getByRole('button', { name: 'Save new payout account' }));
  expect(
    await within(form).findByText('Enter an IBAN (like DE89 3704 0044 0532 0130 00) or an account number of 6 to 20 digits'),
  ).toBeVisible();

  fill(iban, 'DE89 3704 0044 0532 0130 01');
  fireEvent.click(within(form).getByRole('button', { name: 'Save new payout account' }));
  expect(
    await within(form).findByText('That IBAN is not valid: check the country code, the two check digits and the length'),
  ).toBeVisible();
  expect(api.requestsTo(payoutsRoutes.saveAccount)).toHaveLength(0);
});

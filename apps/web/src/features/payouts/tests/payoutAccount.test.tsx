import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { PayoutAccount } from '@cc/contracts';
import { clearBrowserSession } from '../../../../test/fakeServer';
import { aBankAccount, aPaypalAccount, fakeServer, renderPayouts } from './harness';

afterEach(() => {
  vi.unstubAllGlobals();
  clearBrowserSession();
});

function fill(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}

const savedCard = () => screen.findByRole('region', { name: 'Your payout account' });

it('adds a PayPal account, checking the address first, then shows it back in full', async () => {
  const server = fakeServer()
    .on('GET', '/api/payout-account/', { body: null })
    .on('POST', '/api/payout-account/', { body: aPaypalAccount({ email: 'ruby@paypal.test', updatedAt: '2026-03-04T10:00:00.000Z' }) });
  renderPayouts('/payouts/account');

  const form = await screen.findByRole('form', { name: 'Payout account' });
  expect(screen.getByRole('heading', { name: 'Add a payout account' })).toBeVisible();
  expect(within(form).getByRole('radio', { name: /PayPal/ })).toBeChecked();

  const email = within(form).getByLabelText('PayPal e-mail');
  fill(email, 'not-an-address');
  fireEvent.click(within(form).getByRole('button', { name: 'Save payout account' }));
  expect(await within(form).findByText('Give the e-mail address of your PayPal account')).toBeVisible();
  expect(server.callsTo('POST', '/api/payout-account/')).toHaveLength(0);

  fill(email, 'ruby@paypal.test');
  fireEvent.click(within(form).getByRole('button', { name: 'Save payout account' }));

  const saved = await savedCard();
  expect(within(saved).getByText('PayPal', { selector: '.ui-badge' })).toBeVisible();
  expect(within(saved).getByText('ruby@paypal.test')).toBeVisible();
  expect(server.callsTo('POST', '/api/payout-account/')[0]!.body).toEqual({ type: 'paypal', email: 'ruby@paypal.test' });
  expect(await screen.findByText('Payout account saved: PayPal.')).toBeVisible();
  expect(screen.getByRole('heading', { name: 'Change payout account' })).toBeVisible();
});

it('switches to a bank transfer, sends only what was filled in, and puts the server’s refusals on their fields', async () => {
  let answer: { status?: number; body: unknown } = {
    status: 422,
    body: {
      code: 'VALIDATION_FAILED',
      msg: 'bankInfo.iban: The account number or IBAN is 6 to 34 letters and digits',
      details: { fields: { 'bankInfo.iban': 'The account number or IBAN is 6 to 34 letters and digits' } },
    },
  };
  const server = fakeServer()
    .on('GET', '/api/payout-account/', { body: aPaypalAccount() })
    .on('POST', '/api/payout-account/', () => answer);
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
  expect(server.callsTo('POST', '/api/payout-account/')).toHaveLength(0);

  fill(within(form).getByLabelText('Account holder'), 'Ruby Rose');
  fill(within(form).getByLabelText('Bank name'), 'Acme Bank');
  const iban = within(form).getByLabelText('Account number or IBAN') as HTMLInputElement;
  fill(iban, 'GB82 WEST 1234 5698 7654 32');
  fireEvent.click(within(form).getByRole('button', { name: 'Save new payout account' }));

  expect(await within(form).findByText('The account number or IBAN is 6 to 34 letters and digits')).toBeVisible();
  expect(iban).toHaveAttribute('aria-invalid', 'true');
  expect(iban).toHaveValue('GB82 WEST 1234 5698 7654 32');
  expect(server.callsTo('POST', '/api/payout-account/')[0]!.body).toEqual({
    type: 'bank_transfer',
    bankInfo: { beneficiaryName: 'Ruby Rose', bankName: 'Acme Bank', iban: 'GB82 WEST 1234 5698 7654 32' },
  });

  answer = {
    body: aBankAccount({
      bankInfo: { beneficiaryName: 'Ruby Rose', bankName: 'Acme Bank', iban: '•••• 5432', swift: null },
      updatedAt: '2026-03-04T10:00:00.000Z',
    }),
  };
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
  const server = fakeServer()
    .on('GET', '/api/payout-account/', {
      body: aBankAccount({
        bankInfo: {
          beneficiaryName: 'Ruby Rose',
          bankName: 'Acme Bank',
          iban: '•••• 1234',
          swift: 'ACMEGB2L',
          bankAddress: '1 Bank St',
          beneficiaryAddress: null,
        },
      }),
    })
    .on('POST', '/api/payout-account/', ({ body }) => ({
      body: aBankAccount({ bankInfo: (body as { bankInfo: PayoutAccount['bankInfo'] }).bankInfo }),
    }));
  renderPayouts('/payouts/account');

  expect(within(await savedCard()).getByText('1 Bank St')).toBeVisible();
  const form = screen.getByRole('form', { name: 'Payout account' });
  const iban = within(form).getByLabelText(/^Account number or IBAN/);
  expect(iban).toHaveValue('•••• 1234');
  expect(form).toHaveTextContent('leave it to keep your saved number');
  fill(within(form).getByLabelText('Bank name'), 'Acme Bank Ltd');
  fireEvent.click(within(form).getByRole('button', { name: 'Save new payout account' }));

  await waitFor(() => expect(server.callsTo('POST', '/api/payout-account/')).toHaveLength(1));
  expect(server.callsTo('POST', '/api/payout-account/')[0]!.body).toEqual({
    type: 'bank_transfer',
    bankInfo: { beneficiaryName: 'Ruby Rose', bankName: 'Acme Bank Ltd', iban: '•••• 1234', swift: 'ACMEGB2L', bankAddress: '1 Bank St' },
  });
  expect(iban).not.toHaveAttribute('aria-invalid', 'true');
});

it('fills the form with her saved PayPal address in full, to check or change', async () => {
  fakeServer().on('GET', '/api/payout-account/', { body: aPaypalAccount() });
  renderPayouts('/payouts/account');
  const form = await screen.findByRole('form', { name: 'Payout account' });
  expect(within(form).getByLabelText(/^PayPal e-mail/)).toHaveValue('ruby.pay@example.test');
});

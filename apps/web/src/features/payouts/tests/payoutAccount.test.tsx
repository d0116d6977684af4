import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
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

it('adds a PayPal account, checking the address first, then shows it back masked', async () => {
  const server = fakeServer()
    .on('GET', '/api/payout-account/', { body: null })
    .on('POST', '/api/payout-account/', { body: aPaypalAccount({ email: 'r•••@paypal.test', updatedAt: '2026-03-04T10:00:00.000Z' }) });
  renderPayouts('/payouts/account');

  const form = await screen.findByRole('form', { name: 'Payout account' });
  expect(screen.getByRole('heading', { name: 'Add a payout account' })).toBeTruthy();
  expect((within(form).getByRole('radio', { name: /PayPal/ }) as HTMLInputElement).checked).toBe(true);

  const email = within(form).getByLabelText('PayPal e-mail');
  fill(email, 'not-an-address');
  fireEvent.click(within(form).getByRole('button', { name: 'Save payout account' }));
  expect(await within(form).findByText('Give the e-mail address of your PayPal account')).toBeTruthy();
  expect(server.callsTo('POST', '/api/payout-account/')).toHaveLength(0);

  fill(email, 'ruby@paypal.test');
  fireEvent.click(within(form).getByRole('button', { name: 'Save payout account' }));

  const saved = await savedCard();
  expect(within(saved).getByText('PayPal', { selector: '.ui-badge' })).toBeTruthy();
  expect(within(saved).getByText('r•••@paypal.test')).toBeTruthy();
  expect(server.callsTo('POST', '/api/payout-account/')[0]!.body).toEqual({ type: 'paypal', email: 'ruby@paypal.test' });
  expect(await screen.findByText('Payout account saved: PayPal.')).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Change payout account' })).toBeTruthy();
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

  // The saved PayPal account, masked, above the form to change it.
  expect(within(await savedCard()).getByText('r•••@example.test')).toBeTruthy();
  const form = screen.getByRole('form', { name: 'Payout account' });
  fireEvent.click(within(form).getByRole('radio', { name: /Bank transfer/ }));
  expect(within(form).queryByLabelText('PayPal e-mail')).toBeNull();

  // The contract's own checks, before anything is sent.
  fireEvent.click(within(form).getByRole('button', { name: 'Save new payout account' }));
  expect(await within(form).findByText('The account holder is required')).toBeTruthy();
  expect(within(form).getByText('The bank name is required')).toBeTruthy();
  expect(server.callsTo('POST', '/api/payout-account/')).toHaveLength(0);

  fill(within(form).getByLabelText('Account holder'), 'Ruby Rose');
  fill(within(form).getByLabelText('Bank name'), 'Acme Bank');
  const iban = within(form).getByLabelText('Account number or IBAN') as HTMLInputElement;
  fill(iban, 'GB82 WEST 1234 5698 7654 32');
  fireEvent.click(within(form).getByRole('button', { name: 'Save new payout account' }));

  expect(await within(form).findByText('The account number or IBAN is 6 to 34 letters and digits')).toBeTruthy();
  expect(iban.getAttribute('aria-invalid')).toBe('true');
  expect(iban.value).toBe('GB82 WEST 1234 5698 7654 32');
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
  await waitFor(async () => expect(within(await savedCard()).getByText('•••• 5432')).toBeTruthy());
  const saved = await savedCard();
  expect(within(saved).getByText('Bank transfer', { selector: '.ui-badge' })).toBeTruthy();
  expect(within(saved).getByText('Acme Bank')).toBeTruthy();
  expect(within(saved).queryByText('SWIFT/BIC')).toBeNull();
  // The new form starts from the saved account: the holder and bank, never the account number.
  const fresh = screen.getByRole('form', { name: 'Payout account' });
  expect((within(fresh).getByLabelText('Bank name') as HTMLInputElement).value).toBe('Acme Bank');
  expect((within(fresh).getByLabelText('Account number or IBAN') as HTMLInputElement).value).toBe('');
});

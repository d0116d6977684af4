import { expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { authRoutes } from '@cc/contracts';
import RegisterPage from '../pages/RegisterPage';
import { fakeApi } from '../../../../test/fakeApi';
import { renderApp } from '../../../../test/renderApp';

/** Types like a person: one key at a time. */
function typeInto(input: HTMLElement, text: string) {
  let typed = '';
  for (const key of text) {
    typed += key;
    fireEvent.input(input, { target: { value: typed } });
  }
  fireEvent.blur(input);
}

it('asks a new member to confirm she is 18 or older before creating the account, and sends the API only its own fields', async () => {
  const api = fakeApi().answer(authRoutes.register, { message: 'We sent a code.', email: 'ada@example.test' });
  renderApp(
    [
      { path: '/auth/register', Component: RegisterPage },
      { path: '/auth/verify', element: <p>Verify page</p> },
    ],
    { path: '/auth/register' },
  );
  typeInto(screen.getByLabelText('Name'), 'Ada Lovelace');
  typeInto(screen.getByLabelText('Username'), 'ada_l');
  typeInto(screen.getByLabelText('E-mail'), 'ada@example.test');
  typeInto(screen.getByLabelText('Password', { selector: 'input' }), 'Journey!Pass1');

  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
  expect(await screen.findByText('Confirm that you are 18 or older to join')).toBeVisible();
  expect(api.requestsTo(authRoutes.register)).toHaveLength(0);

  fireEvent.click(screen.getByLabelText('I am 18 or older'));
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
  expect(await screen.findByText('Verify page')).toBeVisible();
  await waitFor(() => expect(api.requestsTo(authRoutes.register)).toHaveLength(1));
  expect(api.requestsTo(authRoutes.register)[0]!.body).toEqual({
    name: 'Ada Lovelace',
    username: 'ada_l',
    email: 'ada@example.test',
    password: 'Journey!Pass1',
    type: 'user',
  });
});

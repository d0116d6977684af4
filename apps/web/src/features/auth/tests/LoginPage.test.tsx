import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createAppStore } from '../../../app/store';
import LoginPage from '../pages/LoginPage';
import { clearBrowserSession, fakeServer } from '../../../../test/fakeServer';
import { buildMe } from '../../../../test/factories';

function renderLogin(path = '/auth/login') {
  const router = createMemoryRouter(
    [
      { path: '/auth/login', Component: LoginPage },
      { path: '/auth/verify', element: <p>Verify page</p> },
      { path: '*', element: <p>Landed</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Provider store={createAppStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { router };
}

async function submit(email: string, password: string) {
  fireEvent.input(screen.getByLabelText('E-mail'), { target: { value: email } });
  fireEvent.input(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearBrowserSession();
});

describe('the login page', () => {
  it("has 'Keep me signed in' checked by default", () => {
    fakeServer({}).install();
    renderLogin();
    expect(screen.getByLabelText('Keep me signed in')).toBeChecked();
  });

  it("shows the server's message for wrong credentials and keeps what was typed", async () => {
    fakeServer({
      'POST /api/auth/login': { status: 401, body: { code: 'INVALID_CREDENTIALS', msg: 'That e-mail and password do not match.' } },
    }).install();
    const { router } = renderLogin();
    await submit('ada@example.test', 'wrong-Pass1!');
    expect(await screen.findByText('That e-mail and password do not match.')).toBeVisible();
    expect(screen.getByLabelText('E-mail')).toHaveValue('ada@example.test');
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('offers to enter the code when the e-mail is not confirmed yet', async () => {
    fakeServer({
      'POST /api/auth/login': { status: 403, body: { code: 'EMAIL_NOT_VERIFIED', msg: 'Confirm your e-mail first.' } },
    }).install();
    renderLogin();
    await submit('new@example.test', 'Journey!Pass1');
    const link = await screen.findByRole('link', { name: 'Enter my code' });
    expect(link).toHaveAttribute('href', '/auth/verify?email=new%40example.test');
  });

  it('returns to the page the person wanted after signing in', async () => {
    fakeServer({
      'POST /api/auth/login': { body: { data: { token: 'jwt', expiresAt: '2027-01-01T00:00:00Z' } } },
      'GET /api/users/me': { body: { data: buildMe() } },
    }).install();
    const { router } = renderLogin('/auth/login?next=%2Faccount%2Fpassword');
    await submit('ada@example.test', 'Journey!Pass1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/password'));
  });

  it('never follows a next address to another site', async () => {
    fakeServer({
      'POST /api/auth/login': { body: { data: { token: 'jwt', expiresAt: '2027-01-01T00:00:00Z' } } },
      'GET /api/users/me': { body: { data: buildMe() } },
    }).install();
    const { router } = renderLogin('/auth/login?next=%2F%2Fevil.example');
    await submit('ada@example.test', 'Journey!Pass1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('greets people arriving from e-mail confirmation', () => {
    fakeServer({}).install();
    renderLogin('/auth/login?verified=1');
    expect(screen.getByText('Your e-mail address is confirmed. Sign in to get started.')).toBeVisible();
  });
});

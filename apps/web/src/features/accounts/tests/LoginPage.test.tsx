import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { authRoutes, profileRoutes } from '@cc/contracts';
import LoginPage from '../pages/LoginPage';
import { rememberSessionEnd } from '../../../shared/api/navigation';
import { fakeApi } from '../../../../test/fakeApi';
import { buildMe } from '../../../../test/factories';
import { renderApp } from '../../../../test/renderApp';

function renderLogin(path = '/auth/login') {
  return renderApp(
    [
      { path: '/auth/login', Component: LoginPage },
      { path: '/auth/verify', element: <p>Verify page</p> },
      { path: '*', element: <p>Landed</p> },
    ],
    { path },
  );
}

async function submit(email: string, password: string) {
  fireEvent.input(screen.getByLabelText('E-mail'), { target: { value: email } });
  fireEvent.input(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the login page', () => {
  it("has 'Keep me signed in' checked by default", () => {
    fakeApi();
    renderLogin();
    expect(screen.getByLabelText('Keep me signed in')).toBeChecked();
  });

  it("shows the server's message for wrong credentials and keeps what was typed", async () => {
    fakeApi().refuse(authRoutes.login, 401, 'That e-mail and password do not match.', { code: 'INVALID_CREDENTIALS' });
    const { router } = renderLogin();
    await submit('ada@example.test', 'wrong-Pass1!');
    expect(await screen.findByText('That e-mail and password do not match.')).toBeVisible();
    expect(screen.getByLabelText('E-mail')).toHaveValue('ada@example.test');
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('offers to enter the code when the e-mail is not confirmed yet', async () => {
    fakeApi().refuse(authRoutes.login, 403, 'Confirm your e-mail first.', { code: 'EMAIL_NOT_VERIFIED' });
    renderLogin();
    await submit('new@example.test', 'Journey!Pass1');
    const link = await screen.findByRole('link', { name: 'Enter my code' });
    expect(link).toHaveAttribute('href', '/auth/verify?email=new%40example.test');
  });

  it('returns to the page the person wanted after signing in', async () => {
    fakeApi().answer(authRoutes.login, { token: 'jwt', expiresAt: '2027-01-01T00:00:00Z' }).answer(profileRoutes.me, buildMe());
    const { router } = renderLogin('/auth/login?next=%2Faccount%2Fpassword');
    await submit('ada@example.test', 'Journey!Pass1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/password'));
  });

  it('never follows a next address to another site', async () => {
    fakeApi().answer(authRoutes.login, { token: 'jwt', expiresAt: '2027-01-01T00:00:00Z' }).answer(profileRoutes.me, buildMe());
    const { router } = renderLogin('/auth/login?next=%2F%2Fevil.example');
    await submit('ada@example.test', 'Journey!Pass1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('greets people arriving from e-mail confirmation', () => {
    fakeApi();
    renderLogin('/auth/login?verified=1');
    expect(screen.getByText('Your e-mail address is confirmed. Sign in to get started.')).toBeVisible();
  });

  it('tells why the session ended when only this tab remembers it, and forgets it once shown', () => {
    fakeApi();
    rememberSessionEnd('suspended');
    const { unmount } = renderLogin('/auth/login?next=%2Fmessages');
    expect(screen.getByText(/Your account has been suspended by an administrator\./)).toBeVisible();
    unmount();
    renderLogin('/auth/login');
    expect(screen.queryByText(/suspended/)).not.toBeInTheDocument();
  });
});

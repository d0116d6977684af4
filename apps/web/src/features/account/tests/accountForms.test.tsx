import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { createAppStore } from '../../../app/store';
import { PricePerMessageCard } from '../components/PricePerMessageCard';
import PasswordPage from '../pages/PasswordPage';
import { clearBrowserSession, fakeServer, type RecordedRequest } from '../../../../test/fakeServer';
import { buildMe } from '../../../../test/factories';

function renderWithStore(element: React.ReactNode) {
  render(
    <Provider store={createAppStore()}>
      <MemoryRouter>
        {element}
        <Toaster />
      </MemoryRouter>
    </Provider>,
  );
}

const sentBody = (request: RecordedRequest | undefined) => JSON.parse(String(request?.body)) as unknown;

afterEach(() => {
  vi.unstubAllGlobals();
  clearBrowserSession();
});

describe('the price per message (tokens on the wire, docs/product.md#units)', () => {
  const model = buildMe({ type: 'model', tokenPerMessage: 1.5 });

  it('shows the current price in tokens and sends the typed price in tokens', async () => {
    const server = fakeServer({
      'PUT /api/users/token-per-message': (request) => ({
        body: { data: { ...model, tokenPerMessage: (sentBody(request) as { token: number }).token } },
      }),
    });
    server.install();
    renderWithStore(<PricePerMessageCard user={model} />);

    const price = screen.getByLabelText('Price') as HTMLInputElement;
    expect(price).toHaveValue('1.50');
    fireEvent.input(price, { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save price' }));

    expect(await screen.findByText('Members now pay 2.50 tokens per message.')).toBeVisible();
    const put = server.requests.find((r) => r.method === 'PUT');
    expect(sentBody(put)).toEqual({ token: 2.5 });
  });

  it('refuses more than two decimals before asking the server', async () => {
    const server = fakeServer({});
    server.install();
    renderWithStore(<PricePerMessageCard user={model} />);

    fireEvent.input(screen.getByLabelText('Price'), { target: { value: '1.234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save price' }));

    expect(await screen.findByText('Enter an amount like 1.50')).toBeVisible();
    expect(server.requests).toHaveLength(0);
  });
});

describe('changing the password', () => {
  async function submit(current: string, next: string) {
    fireEvent.input(screen.getByLabelText('Current password', { selector: 'input' }), { target: { value: current } });
    fireEvent.input(screen.getByLabelText('New password', { selector: 'input' }), { target: { value: next } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  }

  it('sends the current and the new password', async () => {
    const server = fakeServer({ 'POST /api/users/updatePassword': { body: { data: { ok: true, message: 'Changed' } } } });
    server.install();
    renderWithStore(<PasswordPage />);

    await submit('Old-Passw0rd!', 'New-Passw0rd!');

    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(sentBody(server.requests[0])).toEqual({ currentPassword: 'Old-Passw0rd!', newPassword: 'New-Passw0rd!' });
  });

  it('shows a wrong current password next to its input', async () => {
    fakeServer({
      'POST /api/users/updatePassword': {
        status: 422,
        body: {
          code: 'WRONG_PASSWORD',
          msg: 'Your current password is not right.',
          details: { fields: { currentPassword: 'Your current password is not right.' } },
        },
      },
    }).install();
    renderWithStore(<PasswordPage />);

    await submit('Wrong-Passw0rd!', 'New-Passw0rd!');

    expect(await screen.findByText('Your current password is not right.')).toBeVisible();
    expect(screen.getByLabelText('Current password', { selector: 'input' })).toHaveValue('Wrong-Passw0rd!');
  });
});

import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { profileRoutes } from '@cc/contracts';
import { PricePerMessageCard } from '../components/PricePerMessageCard';
import PasswordPage from '../pages/PasswordPage';
import { fakeApi } from '../../../../test/fakeApi';
import { buildMe } from '../../../../test/factories';
import { renderApp } from '../../../../test/renderApp';
import { seeToast } from '../../../../test/toasts';

/** One part of the account pages, alone on the page. */
const renderPart = (element: ReactNode) => renderApp([{ path: '/', element }]);

describe('the price per message (tokens on the wire, docs/product.md#units)', () => {
  const model = buildMe({ type: 'model', tokenPerMessage: 1.5 });

  it('shows the current price in tokens and sends the typed price in tokens', async () => {
    const api = fakeApi().answer(profileRoutes.tokenPerMessage, ({ body }) => ({
      ...model,
      tokenPerMessage: (body as { token: number }).token,
    }));
    renderPart(<PricePerMessageCard user={model} />);

    const price = screen.getByLabelText('Price') as HTMLInputElement;
    expect(price).toHaveValue('1.50');
    fireEvent.input(price, { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save price' }));

    await seeToast('Members now pay 2.50 tokens per message.');
    expect(api.requestsTo(profileRoutes.tokenPerMessage).map((request) => request.body)).toEqual([{ token: 2.5 }]);
  });

  it('refuses more than two decimals before asking the server', async () => {
    const api = fakeApi();
    renderPart(<PricePerMessageCard user={model} />);

    fireEvent.input(screen.getByLabelText('Price'), { target: { value: '1.234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save price' }));

    expect(await screen.findByText('Enter an amount like 1.50')).toBeVisible();
    expect(api.requests).toHaveLength(0);
  });
});

describe('changing the password', () => {
  async function submit(current: string, next: string) {
    fireEvent.input(screen.getByLabelText('Current password', { selector: 'input' }), { target: { value: current } });
    fireEvent.input(screen.getByLabelText('New password', { selector: 'input' }), { target: { value: next } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  }

  it('sends the current and the new password', async () => {
    const api = fakeApi().answer(profileRoutes.updatePassword, { ok: true, message: 'Changed' });
    renderPart(<PasswordPage />);

    await submit('Old-Passw0rd!', 'New-Passw0rd!');

    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requestsTo(profileRoutes.updatePassword)[0]!.body).toEqual({
      currentPassword: 'Old-Passw0rd!',
      newPassword: 'New-Passw0rd!',
    });
  });

  it('shows a wrong current password next to its input', async () => {
    fakeApi().refuse(profileRoutes.updatePassword, 422, 'Your current password is not right.', {
      code: 'WRONG_PASSWORD',
      fields: { currentPassword: 'Your current password is not right.' },
    });
    renderPart(<PasswordPage />);

    await submit('Wrong-Passw0rd!', 'New-Passw0rd!');

    expect(await screen.findByText('Your current password is not right.')).toBeVisible();
    expect(screen.getByLabelText('Current password', { selector: 'input' })).toHaveValue('Wrong-Passw0rd!');
  });
});

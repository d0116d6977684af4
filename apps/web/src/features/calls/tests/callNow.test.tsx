import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { callRoutes } from '@cc/contracts';
import { fakeApi } from '../../../../test/fakeApi';
import { setLogin } from '../../../shared/auth/authSlice';
import { callNowRefusal } from '../lib/callNow';
import { ada, renderCalls, ruby } from './callHarness';

it('shows Call Now only for a callable model once loading has finished, with the rate and the rounding rule', () => {
  const { unmount } = renderCalls({ model: ruby({ callRate: 2.5 }) });
  expect(screen.getByRole('button', { name: 'Call Now' })).toBeVisible();
  expect(screen.getByText('2.50 tokens/min · billed per started minute')).toBeVisible();
  unmount();

  for (const model of [null, ruby({ callAvailable: false }), ruby({ phoneVerified: true })]) {
    const view = renderCalls({ model });
    expect(screen.queryByRole('button', { name: 'Call Now' })).not.toBeInTheDocument();
    view.unmount();
  }
});

it('checks, in the spec order, signed in, callable model, then a balance of at least 10 tokens', () => {
  const callable = ruby();
  const unavailable = ruby({ callAvailable: false });
  expect(callNowRefusal(null, unavailable)).toBe('Please log in to make calls');
  expect(callNowRefusal({ balance: 0 }, unavailable)).toBe('This model is not available for calls at the moment');
  expect(callNowRefusal({ balance: 500 }, ruby({ phoneVerified: true }))).toBe('This model is not available for calls at the moment');
  expect(callNowRefusal({ balance: 9.99 }, callable)).toBe('You need at least 10 tokens to make a call');
  expect(callNowRefusal({ balance: 10 }, callable)).toBeNull();
});

it('a signed-out visitor is told to log in, with a Sign in that comes back here, and nothing is called', async () => {
  const api = fakeApi();
  renderCalls({ me: null });
  fireEvent.click(screen.getByRole('button', { name: 'Call Now' }));
  const refusal = await screen.findByRole('status');
  expect(refusal).toHaveTextContent('Please log in to make calls');
  expect(within(refusal).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login?next=%2Fmodels%2Fruby');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(api.requests).toHaveLength(0);
});

it('a member with 9.99 tokens is told they need 10, with Buy tokens that comes back here, and nothing is called', async () => {
  const api = fakeApi();
  const { router } = renderCalls({ me: ada({ balance: 9.99 }) });
  fireEvent.click(screen.getByRole('button', { name: 'Call Now' }));
  const refusal = await screen.findByRole('status');
  expect(refusal).toHaveTextContent('You need at least 10 tokens to make a call');
  const buy = within(refusal).getByRole('link', { name: 'Buy tokens' });
  expect(buy).toHaveAttribute('href', '/tokens?next=%2Fmodels%2Fruby');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(api.requestsTo(callRoutes.initiate)).toHaveLength(0);

  fireEvent.click(buy);
  expect(router.state.location.pathname).toBe('/tokens');
  expect(router.state.location.search).toBe('?next=%2Fmodels%2Fruby');
});

it('a refusal that no longer holds goes: tokens bought meanwhile', async () => {
  const { store } = renderCalls({ me: ada({ balance: 9.99 }) });
  fireEvent.click(screen.getByRole('button', { name: 'Call Now' }));
  expect(await screen.findByRole('status')).toHaveTextContent('You need at least 10 tokens to make a call');
  act(() => void store.dispatch(setLogin(ada({ balance: 25 }))));
  expect(screen.queryByText('You need at least 10 tokens to make a call')).not.toBeInTheDocument();
});

it('a model sees no Call Now on her own profile', () => {
  renderCalls({ me: ada({ _id: ruby()._id, type: 'model' }) });
  expect(screen.queryByRole('button', { name: 'Call Now' })).not.toBeInTheDocument();
});

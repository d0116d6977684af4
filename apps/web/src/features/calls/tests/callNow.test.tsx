import { fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { clearBrowserSession } from '../../../../test/fakeServer';
import { callNowRefusal } from '../lib/callNow';
import { ada, fakeServer, renderCalls, resetCalls, ruby } from './callHarness';

afterEach(() => {
  resetCalls();
  vi.unstubAllGlobals();
  clearBrowserSession();
});

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

it('a signed-out visitor is told to log in, and nothing is called', async () => {
  const server = fakeServer();
  renderCalls({ me: null });
  fireEvent.click(screen.getByRole('button', { name: 'Call Now' }));
  expect(await screen.findByText('Please log in to make calls')).toBeVisible();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(server.calls).toHaveLength(0);
});

it('a member with 9.99 tokens is told they need 10, and nothing is called', async () => {
  const server = fakeServer();
  renderCalls({ me: ada({ balance: 9.99 }) });
  fireEvent.click(screen.getByRole('button', { name: 'Call Now' }));
  expect(await screen.findByText('You need at least 10 tokens to make a call')).toBeVisible();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(server.callsTo('POST', '/api/masked-call/initiate')).toHaveLength(0);
});

it('a model sees no Call Now on her own profile', () => {
  renderCalls({ me: ada({ _id: ruby()._id, type: 'model' }) });
  expect(screen.queryByRole('button', { name: 'Call Now' })).not.toBeInTheDocument();
});

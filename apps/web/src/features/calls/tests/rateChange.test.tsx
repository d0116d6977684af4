import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { clearBrowserSession } from '../../../../test/fakeServer';
import { CALL_ID, fakeServer, renderCalls, resetCalls, ruby, RUBY_ID } from './callHarness';

/** docs/product.md#price-changes: a call is placed at the rate shown; a changed rate is confirmed first. */
afterEach(() => {
  resetCalls();
  vi.unstubAllGlobals();
  clearBrowserSession();
});

it('places no call when the rate changed, shows the new rate, and calls at it only when the member asks', async () => {
  const server = fakeServer().on('POST', '/api/masked-call/initiate', ({ body }) =>
    (body as { expectedPrice: number }).expectedPrice === 12.5
      ? {
          body: {
            callId: CALL_ID,
            callRate: 12.5,
            status: 'ringing',
            model: { _id: RUBY_ID, name: 'Ruby Rose', username: 'ruby', avatarUrl: null },
          },
        }
      : {
          status: 409,
          body: {
            code: 'PRICE_CHANGED',
            msg: 'The call rate is now 12.50 tokens a minute. Check it and call again.',
            details: { price: 12.5 },
          },
        },
  );
  renderCalls({ model: ruby({ callRate: 2 }) });

  fireEvent.click(screen.getByRole('button', { name: 'Call Now' }));
  const toast = await screen.findByText('The call rate is now 12.50 tokens a minute. Check it and call again.');
  expect(toast).toHaveTextContent(/^The call rate is now 12\.50 tokens a minute\. Check it and call again\.$/);
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Voice Call' })).not.toBeInTheDocument());
  expect(server.callsTo('POST', '/api/masked-call/initiate').map((call) => call.body)).toEqual([{ modelId: RUBY_ID, expectedPrice: 2 }]);

  // The new rate, said before anything is placed at it.
  const notice = await screen.findByRole('status');
  expect(notice).toHaveTextContent('The call rate changed');
  expect(notice).toHaveTextContent('It is now 12.50 tokens a minute (it was 2.00). Nothing was charged.');
  expect(screen.getByText('12.50 tokens/min · billed per started minute')).toHaveTextContent(
    /^12\.50 tokens\/min · billed per started minute$/,
  );

  fireEvent.click(within(notice).getByRole('button', { name: 'Call for 12.50 tokens/min' }));
  const modal = await screen.findByRole('dialog', { name: 'Voice Call' });
  expect(await within(modal).findByText('Calling...')).toHaveTextContent(/^Calling\.\.\.$/);
  expect(server.callsTo('POST', '/api/masked-call/initiate').map((call) => call.body)).toEqual([
    { modelId: RUBY_ID, expectedPrice: 2 },
    { modelId: RUBY_ID, expectedPrice: 12.5 },
  ]);
}, 20_000);

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { callRoutes, type RouteAnswer } from '@cc/contracts';
import { fakeApi, refusal } from '../../../../test/fakeApi';
import { CALL_ID, renderCalls, ruby, RUBY_ID } from './callHarness';

/** docs/product.md#price-changes: a call is placed at the rate shown; a changed rate is confirmed first. */

it('places no call when the rate changed, shows the new rate, and calls at it only when the member asks', async () => {
  const initiated: RouteAnswer<typeof callRoutes.initiate> = {
    callId: CALL_ID,
    callRate: 12.5,
    status: 'ringing',
    model: { _id: RUBY_ID, name: 'Ruby Rose', username: 'ruby', avatarUrl: null },
  };
  const api = fakeApi().answer(callRoutes.initiate, ({ body }) =>
    (body as { expectedPrice: number }).expectedPrice === 12.5
      ? initiated
      : refusal(409, 'The call rate is now 12.50 tokens a minute. Check it and call again.', {
          code: 'PRICE_CHANGED',
          details: { price: 12.5 },
        }),
  );
  renderCalls({ model: ruby({ callRate: 2 }) });

  fireEvent.click(screen.getByRole('button', { name: 'Call Now' }));
  const toast = await screen.findByText('The call rate is now 12.50 tokens a minute. Check it and call again.');
  expect(toast).toHaveTextContent(/^The call rate is now 12\.50 tokens a minute\. Check it and call again\.$/);
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Voice Call' })).not.toBeInTheDocument());
  expect(api.requestsTo(callRoutes.initiate).map((call) => call.body)).toEqual([{ modelId: RUBY_ID, expectedPrice: 2 }]);

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
  expect(api.requestsTo(callRoutes.initiate).map((call) => call.body)).toEqual([
    { modelId: RUBY_ID, expectedPrice: 2 },
    { modelId: RUBY_ID, expectedPrice: 12.5 },
  ]);
}, 20_000);

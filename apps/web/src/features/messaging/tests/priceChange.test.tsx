import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { conversationRoutes, messageRoutes, type Conversation, type SendMessageInput } from '@cc/contracts';
import { fakeApi, page, refusal } from '../../../../test/fakeApi';
import { aConversation, aMessage, renderChat } from './harness';

/** docs/product.md#price-changes: a send carries the price shown; a changed price is confirmed before it is paid. */

const base = aConversation();
const withPrice = (tokenPerMessage: number): Conversation => ({ ...base, recipient: { ...base.recipient, tokenPerMessage } });

it('sends the price shown, and after a 409 sends the same message again only when the member agrees to the new price', async () => {
  let price = 1.5;
  let seq = 10;
  const api = fakeApi()
    .answer(conversationRoutes.list, () => page([withPrice(price)]))
    .answer(conversationRoutes.get, () => withPrice(price))
    .answer(conversationRoutes.totalUnread, { count: 0 })
    .answer(conversationRoutes.read, { conversationId: base._id, readSeq: 0, unreadMessageCount: 0, totalUnread: 0 })
    .answer(messageRoutes.list, { items: [], count: 0, hasMore: false })
    .answer(messageRoutes.send, ({ body }) => {
      const input = body as SendMessageInput;
      if (input.expectedPrice !== price) {
        return refusal(
          409,
          `The price per message is now ${price.toLocaleString('en-US', { minimumFractionDigits: 2 })} tokens. Check it and send again.`,
          { code: 'PRICE_CHANGED', details: { price } },
        );
      }
      return aMessage({
        _id: `stored-${input.clientId}`,
        clientId: input.clientId,
        conversationId: base._id,
        text: input.text,
        price,
        seq: ++seq,
      });
    });
  renderChat(`/messages/${base._id}`);
  const log = await screen.findByRole('log', { name: 'Messages' });

  // The model raised her price after the page loaded.
  price = 10_000;
  fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Still 1.50?' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send · 1.50 tokens' }));

  const row = (await within(log).findByText('Still 1.50?')).closest('[data-testid="message"]') as HTMLElement;
  expect(await within(row).findByRole('alert')).toHaveTextContent(
    'The price per message is now 10,000.00 tokens. Check it and send again.',
  );
  const [first] = api.requestsTo(messageRoutes.send).map((call) => call.body as SendMessageInput);
  expect(first).toMatchObject({ text: 'Still 1.50?', expectedPrice: 1.5 });
  expect(row).toHaveAttribute('data-status', 'failed');
  // Nothing is sent again without the member's word; Retry (at the old price) is not offered.
  expect(within(row).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  expect(api.requestsTo(messageRoutes.send)).toHaveLength(1);
  // The composer learns the price now.
  await waitFor(() => expect(screen.getByRole('button', { name: /^Send ·/ })).toHaveTextContent(/^Send · 10,000\.00 tokens$/));

  fireEvent.click(within(row).getByRole('button', { name: 'Send for 10,000.00 tokens' }));
  await waitFor(() => expect(within(log).getByText('Still 1.50?').closest('[data-message-id]')).toBeInTheDocument());
  const second = api.requestsTo(messageRoutes.send)[1]!.body as SendMessageInput;
  expect(second).toMatchObject({ clientId: first!.clientId, text: 'Still 1.50?', expectedPrice: 10_000 });
  expect(within(log).queryByText(/Not sent/)).not.toBeInTheDocument();
  expect(within(log).getAllByTestId('message')).toHaveLength(1);
  // Several round trips through the fake API: slower than most on a busy machine.
}, 20_000);

it('offers to send for free when the model made messages free meanwhile', async () => {
  const api = fakeApi()
    .answer(conversationRoutes.list, page([withPrice(2)]))
    .answer(conversationRoutes.get, withPrice(2))
    .answer(conversationRoutes.totalUnread, { count: 0 })
    .answer(conversationRoutes.read, { conversationId: base._id, readSeq: 0, unreadMessageCount: 0, totalUnread: 0 })
    .answer(messageRoutes.list, { items: [], count: 0, hasMore: false })
    .refuse(messageRoutes.send, 409, 'Messages to this member are now free. Send again.', { code: 'PRICE_CHANGED', details: { price: 0 } });
  renderChat(`/messages/${base._id}`);
  const log = await screen.findByRole('log', { name: 'Messages' });
  fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Hello' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send · 2.00 tokens' }));
  const row = (await within(log).findByText('Hello')).closest('[data-testid="message"]') as HTMLElement;
  fireEvent.click(await within(row).findByRole('button', { name: 'Send for free' }));
  await waitFor(() => expect(api.requestsTo(messageRoutes.send)).toHaveLength(2));
  expect((api.requestsTo(messageRoutes.send)[1]!.body as SendMessageInput).expectedPrice).toBe(0);
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { conversationRoutes, messageRoutes, type Conversation, type Message, type SendMessageInput } from '@cc/contracts';
import { fakeApi, page, refusal, type Refusal } from '../../../../test/fakeApi';
import { aConversation, aMessage, renderChat } from './harness';

/** What the send route answers: the stored message or a refusal, at once or later. */
type SendAnswer = Message | Refusal;

function openChat(onSend: (input: SendMessageInput, stored: (input: SendMessageInput) => Message) => SendAnswer | Promise<SendAnswer>) {
  const conversation = aConversation();
  let seq = 10;
  const stored = (input: SendMessageInput) =>
    aMessage({
      _id: `stored-${input.clientId}`,
      clientId: input.clientId,
      conversationId: conversation._id,
      text: input.text ?? '',
      seq: ++seq,
    });
  const api = fakeApi()
    .answer(conversationRoutes.list, page([conversation]))
    .answer(conversationRoutes.get, conversation)
    .answer(conversationRoutes.totalUnread, { count: 0 })
    .answer(conversationRoutes.read, { conversationId: conversation._id, readSeq: 0, unreadMessageCount: 0, totalUnread: 0 })
    .answer(messageRoutes.list, { items: [], count: 0, hasMore: false })
    .answer(messageRoutes.send, ({ body }) => onSend(body as SendMessageInput, stored));
  const view = renderChat(`/messages/${conversation._id}`);
  return { ...view, api, conversation };
}

const type = (text: string) => fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: text } });

it('sends with Enter and shows the message once, even when the socket echo arrives too', async () => {
  let answer: (value: SendAnswer) => void = () => undefined;
  const { api, live, conversation } = openChat(() => new Promise((resolve) => (answer = resolve)));
  const log = await screen.findByRole('log', { name: 'Messages' });

  type('Hello Ruby');
  expect(live.emitted).toContainEqual({ event: 'conversation:typing', args: [{ conversationId: conversation._id, typing: true }] });
  fireEvent.keyDown(screen.getByRole('textbox', { name: 'Message' }), { key: 'Enter' });
  expect(live.emitted.at(-1)).toEqual({ event: 'conversation:typing', args: [{ conversationId: conversation._id, typing: false }] });

  // Pending at once, the composer emptied.
  const pending = await within(log).findByText('Hello Ruby');
  expect(pending.closest('[data-testid="message"]')!).toHaveAttribute('data-status', 'sending');
  expect(screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).toHaveValue('');
  await waitFor(() => expect(api.requestsTo(messageRoutes.send)).toHaveLength(1));
  const sent = api.requestsTo(messageRoutes.send)[0]!.body as SendMessageInput;
  expect(sent).toMatchObject({ conversationId: conversation._id, type: 'text', text: 'Hello Ruby' });

  // The socket echo of the same message arrives before the send answers...
  const message = aMessage({ _id: 'm-stored', clientId: sent.clientId, conversationId: conversation._id, text: 'Hello Ruby', seq: 11 });
  const echoed: Conversation = { ...conversation, lastMessage: message, lastMessageId: message._id, lastMessageAt: message.createdAt };
  live.receive('message:created', { message, conversation: echoed, totalUnread: 0 });
  // ...and then the answer.
  answer(message);

  await waitFor(() => expect(within(log).getByText('Hello Ruby').closest('[data-message-id="m-stored"]')).toBeInTheDocument());
  live.receive('message:created', { message, conversation: echoed, totalUnread: 0 });
  expect(within(log).getAllByText('Hello Ruby')).toHaveLength(1);
  expect(within(log).getAllByTestId('message')).toHaveLength(1);
  expect(within(log).getByTestId('message')).toHaveAttribute('data-mine', 'true');
  // Shift+Enter is a new line, not a send.
  type('two');
  fireEvent.keyDown(screen.getByRole('textbox', { name: 'Message' }), { key: 'Enter', shiftKey: true });
  expect(api.requestsTo(messageRoutes.send)).toHaveLength(1);
});

it('keeps a failed message with Retry, and the retry sends the same clientId', async () => {
  let online = false;
  const { api } = openChat((input, stored) => (online ? stored(input) : Promise.reject(new TypeError('Failed to fetch'))));
  const log = await screen.findByRole('log', { name: 'Messages' });

  type('Are you there?');
  fireEvent.click(screen.getByRole('button', { name: /^Send/ }));
  const row = (await within(log).findByText('Are you there?')).closest('[data-testid="message"]') as HTMLElement;
  await within(row).findByText(/Not sent/);
  expect(row).toHaveTextContent('Not sent — Retry');

  online = true;
  fireEvent.click(within(row).getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(within(log).getByText('Are you there?').closest('[data-message-id]')).toBeInTheDocument());
  const [first, second] = api.requestsTo(messageRoutes.send).map((call) => call.body as SendMessageInput);
  expect(second!.clientId).toBe(first!.clientId);
  expect(within(log).queryByText(/Not sent/)).not.toBeInTheDocument();
  expect(within(log).getAllByTestId('message')).toHaveLength(1);
});

it("shows the server's reason and a link to buy tokens when there are not enough", async () => {
  openChat(() => refusal(402, 'You need 1.50 tokens to send this message.', { code: 'INSUFFICIENT_TOKENS' }));
  const log = await screen.findByRole('log', { name: 'Messages' });
  type('Hi there');
  fireEvent.click(screen.getByRole('button', { name: 'Send · 1.50 tokens' }));
  expect(await within(log).findByText('You need 1.50 tokens to send this message.')).toBeVisible();
  expect(within(log).getByRole('link', { name: 'Buy tokens' })).toHaveAttribute('href', '/tokens');
  // The text is not lost.
  expect(within(log).getByText('Hi there')).toBeVisible();
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { Conversation, Message, SendMessageInput } from '@cc/contracts';
import { clearBrowserSession } from '../../../../test/fakeServer';
import { aConversation, aMessage, fakeServer, renderChat, resetChat } from './harness';

afterEach(() => {
  resetChat();
  vi.unstubAllGlobals();
  clearBrowserSession();
});

type SendAnswer = { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;

function openChat(onSend: (input: SendMessageInput, stored: (input: SendMessageInput) => Message) => SendAnswer) {
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
  const server = fakeServer()
    .on('GET', '/api/conversation', { body: { items: [conversation], count: 1 } })
    .on('GET', `/api/conversation/${conversation._id}`, { body: conversation })
    .on('GET', '/api/conversation/total-unread-message', { body: { count: 0 } })
    .on('POST', `/api/conversation/${conversation._id}/read`, {
      body: { conversationId: conversation._id, readSeq: 0, unreadMessageCount: 0, totalUnread: 0 },
    })
    .on('GET', `/api/messages/${conversation._id}`, { body: { items: [], count: 0, hasMore: false } })
    .on('POST', '/api/messages', ({ body }) => onSend(body as SendMessageInput, stored));
  const view = renderChat(`/messages/${conversation._id}`);
  return { ...view, server, conversation };
}

const type = (text: string) => fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: text } });

it('sends with Enter and shows the message once, even when the socket echo arrives too', async () => {
  let answer: (value: { status: number; body: unknown }) => void = () => undefined;
  const { server, live, conversation } = openChat(() => new Promise((resolve) => (answer = resolve)));
  const log = await screen.findByRole('log', { name: 'Messages' });

  type('Hello Ruby');
  expect(live.emitted).toContainEqual({ event: 'conversation:typing', payload: { conversationId: conversation._id, typing: true } });
  fireEvent.keyDown(screen.getByRole('textbox', { name: 'Message' }), { key: 'Enter' });
  expect(live.emitted.at(-1)).toEqual({ event: 'conversation:typing', payload: { conversationId: conversation._id, typing: false } });

  // Pending at once, the composer emptied.
  const pending = await within(log).findByText('Hello Ruby');
  expect(pending.closest('[data-testid="message"]')!).toHaveAttribute('data-status', 'sending');
  expect(screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).toHaveValue('');
  await waitFor(() => expect(server.callsTo('POST', '/api/messages')).toHaveLength(1));
  const sent = server.callsTo('POST', '/api/messages')[0]!.body as SendMessageInput;
  expect(sent).toMatchObject({ conversationId: conversation._id, type: 'text', text: 'Hello Ruby' });

  // The socket echo of the same message arrives before the send answers...
  const message = aMessage({ _id: 'm-stored', clientId: sent.clientId, conversationId: conversation._id, text: 'Hello Ruby', seq: 11 });
  const echoed: Conversation = { ...conversation, lastMessage: message, lastMessageId: message._id, lastMessageAt: message.createdAt };
  live.send('message:created', { message, conversation: echoed, totalUnread: 0 });
  // ...and then the answer.
  answer({ status: 201, body: message });

  await waitFor(() => expect(within(log).getByText('Hello Ruby').closest('[data-message-id="m-stored"]')).toBeInTheDocument());
  live.send('message:created', { message, conversation: echoed, totalUnread: 0 });
  expect(within(log).getAllByText('Hello Ruby')).toHaveLength(1);
  expect(within(log).getAllByTestId('message')).toHaveLength(1);
  expect(within(log).getByTestId('message')).toHaveAttribute('data-mine', 'true');
  // Shift+Enter is a new line, not a send.
  type('two');
  fireEvent.keyDown(screen.getByRole('textbox', { name: 'Message' }), { key: 'Enter', shiftKey: true });
  expect(server.callsTo('POST', '/api/messages')).toHaveLength(1);
});

it('keeps a failed message with Retry, and the retry sends the same clientId', async () => {
  let online = false;
  const { server } = openChat((input, stored) =>
    online ? { status: 201, body: stored(input) } : Promise.reject(new TypeError('Failed to fetch')),
  );
  const log = await screen.findByRole('log', { name: 'Messages' });

  type('Are you there?');
  fireEvent.click(screen.getByRole('button', { name: /^Send/ }));
  const row = (await within(log).findByText('Are you there?')).closest('[data-testid="message"]') as HTMLElement;
  await within(row).findByText(/Not sent/);
  expect(row).toHaveTextContent('Not sent — Retry');

  online = true;
  fireEvent.click(within(row).getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(within(log).getByText('Are you there?').closest('[data-message-id]')).toBeInTheDocument());
  const [first, second] = server.callsTo('POST', '/api/messages').map((call) => call.body as SendMessageInput);
  expect(second!.clientId).toBe(first!.clientId);
  expect(within(log).queryByText(/Not sent/)).not.toBeInTheDocument();
  expect(within(log).getAllByTestId('message')).toHaveLength(1);
});

it("shows the server's reason and a link to buy tokens when there are not enough", async () => {
  openChat(() => ({ status: 402, body: { code: 'INSUFFICIENT_TOKENS', msg: 'You need 1.50 tokens to send this message.' } }));
  const log = await screen.findByRole('log', { name: 'Messages' });
  type('Hi there');
  fireEvent.click(screen.getByRole('button', { name: 'Send · 1.50 tokens' }));
  expect(await within(log).findByText('You need 1.50 tokens to send this message.')).toBeVisible();
  expect(within(log).getByRole('link', { name: 'Buy tokens' })).toHaveAttribute('href', '/tokens');
  // The text is not lost.
  expect(within(log).getByText('Hi there')).toBeVisible();
});

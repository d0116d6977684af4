import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Conversation, Message, ServerToClientEvents } from '@cc/contracts';
import { files } from '../../../db/schema';
import type { TestApp, TestResponse } from '../../../test-support/harness';

/** Gives a member tokens the way a card purchase does; `amount` is in hundredths, as the ledger holds it. */
export async function fund(app: TestApp, userId: string, amount: number) {
  return app.ctx.ledger.creditCardPurchase({ userId, amount, idempotencyKey: `test-fund:${randomUUID()}`, memo: 'Test tokens' });
}

/** The balance GET /wallet answers, in tokens. */
export async function balanceOf(app: TestApp, token: string): Promise<number> {
  const res = await app.request('GET', '/api/wallet', { token });
  expect(res.status).toBe(200);
  return res.body.data.balance as number;
}

/** POST /api/conversation, expecting success. */
export async function startConversation(app: TestApp, token: string, userId: string): Promise<Conversation> {
  const res = await app.request('POST', '/api/conversation', { token, body: { userId } });
  expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
  return res.body.data as Conversation;
}

/** POST /api/messages with a fresh client id unless one is given. */
export function send(
  app: TestApp,
  token: string,
  body: { conversationId: string; text?: string; type?: string; mediaId?: string; clientId?: string; expectedPrice?: number },
): Promise<TestResponse> {
  return app.request('POST', '/api/messages', { token, body: { clientId: randomUUID(), text: 'Hello', ...body } });
}

/** Sends a text message, expecting it to be stored. */
export async function sendText(app: TestApp, token: string, conversationId: string, text = 'Hello'): Promise<Message> {
  const res = await send(app, token, { conversationId, text });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Message;
}

export async function unreadTotal(app: TestApp, token: string): Promise<number> {
  const res = await app.request('GET', '/api/conversation/total-unread-message', { token });
  expect(res.status).toBe(200);
  return res.body.data.count as number;
}

export async function conversationOf(app: TestApp, token: string, id: string): Promise<Conversation> {
  const res = await app.request('GET', `/api/conversation/${id}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Conversation;
}

/** A media upload's row, as the media module writes it (the upload itself is not needed here). */
export async function uploadedMedia(
  app: TestApp,
  ownerId: string,
  mediaType: 'photo' | 'video' | 'file',
  extra: { thumbnailKey?: string; kind?: 'media' | 'avatar' } = {},
) {
  const [row] = await app.ctx.db
    .insert(files)
    .values({
      ownerId,
      kind: extra.kind ?? 'media',
      visibility: 'private',
      storageKey: `test/${randomUUID()}`,
      fileName: mediaType === 'photo' ? 'beach.jpg' : mediaType === 'video' ? 'clip.mp4' : 'notes.pdf',
      mimeType: mediaType === 'photo' ? 'image/jpeg' : mediaType === 'video' ? 'video/mp4' : 'application/pdf',
      size: 1234,
      mediaType,
      thumbnailKey: extra.thumbnailKey ?? null,
      width: mediaType === 'photo' ? 640 : null,
      height: mediaType === 'photo' ? 480 : null,
    })
    .returning();
  return row!;
}

// ---- sockets ------------------------------------------------------------------------------------

export { socketServer, type Client } from '../../../test-support/sockets';
import type { Client } from '../../../test-support/sockets';

type EventName = keyof ServerToClientEvents;
type PayloadOf<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** Everything this socket hears of one event, in order. */
export function recorder<E extends EventName>(socket: Client, event: E) {
  const heard: PayloadOf<E>[] = [];
  (socket.on as (e: string, listener: (payload: PayloadOf<E>) => void) => void)(event, (payload) => heard.push(payload));
  return heard;
}

/** The first payload of `event` matching `accept`, or a rejection after a few seconds. */
export function next<E extends EventName>(
  socket: Client,
  event: E,
  accept: (payload: PayloadOf<E>) => boolean = () => true,
): Promise<PayloadOf<E>> {
  return new Promise((resolve, reject) => {
    const on = socket.on as (e: string, listener: (payload: PayloadOf<E>) => void) => void;
    const off = socket.off as (e: string, listener: (payload: PayloadOf<E>) => void) => void;
    const timer = setTimeout(() => {
      off.call(socket, event, listener);
      reject(new Error(`no ${event} within 5 s`));
    }, 5000);
    const listener = (payload: PayloadOf<E>) => {
      if (!accept(payload)) return;
      clearTimeout(timer);
      off.call(socket, event, listener);
      resolve(payload);
    };
    on.call(socket, event, listener);
  });
}

/** A round trip through the server: whatever it emitted to this socket before now has arrived. */
export const roundTrip = (socket: Client) => socket.timeout(2000).emitWithAck('link:ping');

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGE_TEXT_MAX } from '@cc/contracts';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { send, startConversation } from './helpers';

let app: TestApp;
let token: string;
let conversationId: string;
beforeAll(async () => {
  app = await createTestApp();
  const alice = await createMember(app);
  const bob = await createMember(app);
  token = alice.token;
  conversationId = (await startConversation(app, alice.token, bob.user.id))._id;
});
afterAll(() => app.close());

it.each([
  ['POST', '/api/conversation', {}, 'userId'],
  ['POST', '/api/conversation', { userId: 'bob' }, 'userId'],
  ['POST', '/api/messages/bookmark', { messageId: 42 }, 'messageId'],
  ['GET', '/api/conversation?limit=0', undefined, 'limit'],
  ['GET', '/api/conversation?skip=-1', undefined, 'skip'],
  ['GET', '/api/conversation/not-an-id', undefined, 'id'],
  ['GET', '/api/messages/not-an-id', undefined, 'conversationId'],
  ['GET', '/api/messages/latest?since=-5', undefined, 'since'],
  ['GET', '/api/messages/latest?limit=101', undefined, 'limit'],
  ['DELETE', '/api/messages/bookmark/nope', undefined, 'id'],
])('%s %s %j answers 422 naming %s', async (method, url, body, field) => {
  const res = await app.request(method, url, { token, body });
  expect(res.status).toBe(422);
  expect(res.body.code).toBe('VALIDATION_FAILED');
  expect(res.body.msg).toContain(field);
});

it('checks paging cursors on a conversation', async () => {
  for (const query of ['before=abc', 'after=-1', 'limit=1000']) {
    const res = await app.request('GET', `/api/messages/${conversationId}?${query}`, { token });
    expect(res.status, query).toBe(422);
    expect(res.body.msg).toContain(query.split('=')[0]);
  }
});

it('refuses a message that is empty, too long, with a client id that is not a UUID or of an unknown type, and stores nothing', async () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ conversationId, clientId: randomUUID(), text: '   ' }, 'text'],
    [{ conversationId, clientId: randomUUID(), text: 'x'.repeat(MESSAGE_TEXT_MAX + 1) }, 'text'],
    [{ conversationId, clientId: 'abc', text: 'Bad id' }, 'clientId'],
    [{ clientId: randomUUID(), text: 'Where?' }, 'conversationId'],
    [{ conversationId, clientId: randomUUID(), type: 'sticker', text: 'x' }, 'type'],
    [{ conversationId, clientId: randomUUID(), type: 'text', text: 'x', mediaId: randomUUID() }, 'mediaId'],
  ];
  for (const [body, field] of cases) {
    const res = await app.request('POST', '/api/messages', { token, body });
    expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
    expect(res.body.msg).toContain(field);
    expect(res.body.details.fields).toHaveProperty([field]);
  }
  const ok = await send(app, token, { conversationId, text: 'x'.repeat(MESSAGE_TEXT_MAX) });
  expect(ok.status).toBe(201);
  expect((await app.request('GET', `/api/messages/${conversationId}`, { token })).body.data.count).toBe(1);
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Message } from '@cc/contracts';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { sendText, startConversation } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const texts = (items: Message[]) => items.map((m) => m.text);

it('pages back with the before cursor without gaps or repeats while new messages arrive', async () => {
  const alice = await createMember(app);
  const bob = await createMember(app);
  const { _id: id } = await startConversation(app, alice.token, bob.user.id);
  for (let i = 1; i <= 7; i++) await sendText(app, i % 2 ? alice.token : bob.token, id, `m${i}`);

  const first = await app.request('GET', `/api/messages/${id}?limit=3`, { token: alice.token });
  expect(first.body.data).toMatchObject({ count: 7, hasMore: true });
  expect(texts(first.body.data.items)).toEqual(['m7', 'm6', 'm5']);

  // Two new messages arrive while the reader scrolls back: offsets would shift, the cursor does not.
  await sendText(app, bob.token, id, 'new1');
  await sendText(app, alice.token, id, 'new2');

  const seen: string[] = texts(first.body.data.items);
  let before = first.body.data.items.at(-1).seq;
  for (;;) {
    const page = await app.request('GET', `/api/messages/${id}?limit=3&before=${before}`, { token: alice.token });
    expect(page.status).toBe(200);
    seen.push(...texts(page.body.data.items));
    if (!page.body.data.hasMore) break;
    before = page.body.data.items.at(-1).seq;
  }
  expect(seen).toEqual(['m7', 'm6', 'm5', 'm4', 'm3', 'm2', 'm1']);

  // Reading forward from the newest seen one gives exactly the new ones, newest first.
  const newer = await app.request('GET', `/api/messages/${id}?after=${first.body.data.items[0].seq}`, { token: bob.token });
  expect(texts(newer.body.data.items)).toEqual(['new2', 'new1']);
  expect(newer.body.data.hasMore).toBe(false);
});

it('reads forward from a cursor in order, so a small page never skips anything', async () => {
  const alice = await createMember(app);
  const bob = await createMember(app);
  const { _id: id } = await startConversation(app, alice.token, bob.user.id);
  const sent: Message[] = [];
  for (let i = 1; i <= 5; i++) sent.push(await sendText(app, alice.token, id, `f${i}`));

  const page = await app.request('GET', `/api/messages/${id}?after=${sent[0]!.seq}&limit=2`, { token: bob.token });
  expect(texts(page.body.data.items)).toEqual(['f3', 'f2']);
  expect(page.body.data.hasMore).toBe(true);
  const between = await app.request('GET', `/api/messages/${id}?after=${sent[0]!.seq}&before=${sent[4]!.seq}`, { token: bob.token });
  expect(texts(between.body.data.items)).toEqual(['f4', 'f3', 'f2']);
});

it('catches up across conversations with GET /messages/latest?since', async () => {
  const viewer = await createMember(app);
  const ann = await createMember(app);
  const ben = await createMember(app);
  const withAnn = await startConversation(app, ann.token, viewer.user.id);
  const withBen = await startConversation(app, ben.token, viewer.user.id);
  const seenBefore = await sendText(app, ann.token, withAnn._id, 'seen');

  // The viewer's device sleeps; three messages arrive meanwhile, one of them elsewhere.
  const stranger = await createMember(app);
  const other = await startConversation(app, stranger.token, ann.user.id);
  await sendText(app, ann.token, withAnn._id, 'missed 1');
  await sendText(app, stranger.token, other._id, 'not for the viewer');
  await sendText(app, ben.token, withBen._id, 'missed 2');
  await sendText(app, viewer.token, withBen._id, 'from another tab');

  const all = await app.request('GET', '/api/messages/latest', { token: viewer.token });
  expect(all.body.data.count).toBe(4);
  expect(texts(all.body.data.items)).toEqual(['from another tab', 'missed 2', 'missed 1', 'seen']);

  const caughtUp: string[] = [];
  let since = seenBefore.seq;
  for (;;) {
    const page = await app.request('GET', `/api/messages/latest?since=${since}&limit=2`, { token: viewer.token });
    expect(page.status).toBe(200);
    const items = page.body.data.items as Message[];
    caughtUp.unshift(...texts(items));
    if (page.body.data.count <= items.length) break;
    since = items[0]!.seq;
  }
  expect(caughtUp).toEqual(['from another tab', 'missed 2', 'missed 1']);
});

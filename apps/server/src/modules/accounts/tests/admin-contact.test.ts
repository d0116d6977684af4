import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contactMessages } from '../../../db/schema';
import { auditTrail } from '../../../test-support/audit';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';

type Member = Awaited<ReturnType<typeof createMember>>;

let app: TestApp;
let admin: Member;
let member: Member;
let model: Member;

beforeAll(async () => {
  app = await createTestApp({ config: { adminEmail: 'owner@example.test', rateLimitScale: 20 } });
  admin = await createAdmin(app, { username: 'admin_ruth' });
  member = await createMember(app, { username: 'paula_m' });
  model = await createModel(app);
});
afterAll(() => app.close());

const unknownId = '00000000-0000-4000-8000-000000000000';

const send = async (body: { name: string; email: string; message: string }, token?: string) => {
  const res = await app.request('POST', '/api/contact-us', { body, ...(token ? { token } : {}) });
  expect(res.status).toBe(200);
};
const list = (query = '', token = admin.token) => app.request('GET', `/api/admin/contact-messages${query}`, { token });
const handle = (id: string, token = admin.token) => app.request('POST', `/api/admin/contact-messages/${id}/handle`, { token });
const reopen = (id: string, token = admin.token) => app.request('POST', `/api/admin/contact-messages/${id}/reopen`, { token });
const idOf = async (text: string) => {
  const [row] = await app.ctx.db.select().from(contactMessages).where(eq(contactMessages.message, text));
  return row!.id;
};
const auditCount = async () => (await app.ctx.db.select().from(auditLog)).length;

describe('what administrators read', () => {
  beforeAll(async () => {
    await send({ name: 'Vera Visitor', email: 'vera@example.test', message: 'How do refunds for tokens work?' });
    await send({ name: 'Paula', email: 'paula@example.test', message: 'My payout has been pending for a week.' }, member.token);
    await send({ name: 'Script Kid', email: 'kid@example.test', message: '<script>alert(1)</script> hello there' });
  });

  it('lists open messages newest first with the sender’s account when there was one', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(3);
    expect(res.body.data.open).toBe(3);
    expect(res.body.data.items.map((m: { message: string }) => m.message)).toEqual([
      '<script>alert(1)</script> hello there',
      'My payout has been pending for a week.',
      'How do refunds for tokens work?',
    ]);
    expect(res.body.data.items[1]).toEqual({
      _id: expect.any(String),
      name: 'Paula',
      email: 'paula@example.test',
      message: 'My payout has been pending for a week.',
      sender: { _id: member.user.id, username: 'paula_m' },
      status: 'open',
      handledAt: null,
      handledBy: null,
      createdAt: expect.any(String),
    });
    expect(res.body.data.items[2].sender).toBeNull();
  });

  it('searches the name, the e-mail and the text, case-insensitively and literally', async () => {
    const messagesFor = async (q: string) =>
      (await list(`?q=${encodeURIComponent(q)}`)).body.data.items.map((m: { name: string }) => m.name);
    expect(await messagesFor('vera@')).toEqual(['Vera Visitor']);
    expect(await messagesFor('PAULA')).toEqual(['Paula']);
    expect(await messagesFor('refunds')).toEqual(['Vera Visitor']);
    expect(await messagesFor('<script>')).toEqual(['Script Kid']);
    expect(await messagesFor('%')).toEqual([]);
    expect(await messagesFor('   ')).toHaveLength(3); // blank search is no search
  });

  it('filters by date: a bare `to` date includes that whole day', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}`)).body.data.count).toBe(3);
    expect((await list('?to=2001-01-01')).body.data.count).toBe(0);
    expect((await list(`?from=${new Date(Date.now() + 3_600_000).toISOString()}`)).body.data.count).toBe(0);
  });

  it('pages', async () => {
    const first = await list('?limit=2');
    const second = await list('?limit=2&skip=2');
    expect(first.body.data.items).toHaveLength(2);
    expect(second.body.data.items).toHaveLength(1);
    expect(second.body.data.count).toBe(3);
  });

  it('refuses malformed filters with a 422 naming the field', async () => {
    const badStatus = await list('?status=closed');
    expect(badStatus.status).toBe(422);
    expect(badStatus.body.msg).toContain('status');
    const nul = await list('?q=%00');
    expect(nul.status).toBe(422);
    expect(nul.body.msg).toBe('q: Search text cannot contain NUL characters');
    const badDate = await list('?from=yesterday');
    expect(badDate.status).toBe(422);
    expect(badDate.body.msg).toContain('from');
  });
});

describe('marking handled and reopening', () => {
  const text = 'Please delete my old photos from the site.';
  let id: string;
  beforeAll(async () => {
    await send({ name: 'Hannah', email: 'hannah@example.test', message: text });
    id = await idOf(text);
  });

  it('marks it handled by this administrator: it leaves the open list and one audit row says so', async () => {
    const openBefore = (await list()).body.data.open;
    const res = await handle(id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      _id: id,
      status: 'handled',
      handledAt: expect.any(String),
      handledBy: { _id: admin.user.id, username: 'admin_ruth' },
    });
    const open = await list();
    expect(open.body.data.items.map((m: { _id: string }) => m._id)).not.toContain(id);
    expect(open.body.data.open).toBe(openBefore - 1);
    const handled = await list('?status=handled');
    expect(handled.body.data.items.map((m: { _id: string }) => m._id)).toEqual([id]);
    const all = await list('?status=all');
    expect(all.body.data.items.map((m: { _id: string }) => m._id)).toContain(id);

    const trail = await auditTrail(app, admin.token, id);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      action: 'contact-message.handle',
      actorId: admin.user.id,
      targetType: 'contact-message',
      before: { status: 'open', handledBy: null },
      after: { status: 'handled', handledBy: admin.user.id },
    });
  });

  it('answers a second "handled" unchanged, without a second audit row', async () => {
    const first = (await list('?status=handled')).body.data.items[0];
    const again = await handle(id);
    expect(again.status).toBe(200);
    expect(again.body.data.handledAt).toBe(first.handledAt);
    expect(await auditTrail(app, admin.token, id)).toHaveLength(1);
  });

  it('reopens it: back in the open list, handler cleared, audited once', async () => {
    const res = await reopen(id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: id, status: 'open', handledAt: null, handledBy: null });
    expect((await list()).body.data.items.map((m: { _id: string }) => m._id)).toContain(id);
    expect((await reopen(id)).body.data.status).toBe('open');
    const trail = await auditTrail(app, admin.token, id);
    expect(trail.map((e) => e.action)).toEqual(['contact-message.reopen', 'contact-message.handle']);
  });

  it('answers 404 for an unknown message and 422 for a malformed id, changing nothing', async () => {
    const before = await auditCount();
    const unknown = await handle(unknownId);
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('No contact message with that id.');
    expect((await reopen(unknownId)).status).toBe(404);
    const malformed = await handle('not-an-id');
    expect(malformed.status).toBe(422);
    expect(malformed.body.msg).toContain('id');
    expect(await auditCount()).toBe(before);
  });
});

describe('who may read and act', () => {
  let id: string;
  beforeAll(async () => {
    await send({ name: 'Gate', email: 'gate@example.test', message: 'Checking the access rules here.' });
    id = await idOf('Checking the access rules here.');
  });

  it('refuses visitors (401) and members or models (403), leaving the message open and no audit row', async () => {
    const before = await auditCount();
    const anonymous = await app.request('GET', '/api/admin/contact-messages');
    expect(anonymous.status).toBe(401);
    for (const caller of [member, model]) {
      expect((await list('', caller.token)).status).toBe(403);
      expect((await handle(id, caller.token)).status).toBe(403);
      expect((await reopen(id, caller.token)).status).toBe(403);
    }
    expect((await app.request('POST', `/api/admin/contact-messages/${id}/handle`)).status).toBe(401);
    const [row] = await app.ctx.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row!.handledAt).toBeNull();
    expect(await auditCount()).toBe(before);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createMember } from '../../../test-support/factories';
import { readAudit } from '../../../test-support/audit';
import { createTestApp, type TestApp } from '../../../test-support/harness';

let app: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  app = await createTestApp();
  admin = await createAdmin(app);
});
afterAll(() => app.close());

const auditOf = (query: string) => readAudit(app, admin.token, Object.fromEntries(new URLSearchParams(query)));

describe('menus and settings leave a trace of who changed what', () => {
  it('creating, changing, ordering and deleting a menu each write one row with before and after', async () => {
    const created = await app.request('POST', '/api/admin/menus', {
      token: admin.token,
      body: { section: 'audit', title: 'Help', path: '/help' },
    });
    const menuId = created.body.data._id as string;
    const other = await app.request('POST', '/api/admin/menus', {
      token: admin.token,
      body: { section: 'audit', title: 'FAQ', path: '/faq' },
    });
    await app.request('PUT', `/api/admin/menus/${menuId}`, { token: admin.token, body: { title: 'Help centre', openNewTab: false } });
    await app.request('PUT', '/api/admin/menus/reorder', {
      token: admin.token,
      body: { section: 'audit', ids: [menuId, other.body.data._id] },
    });
    expect((await app.request('DELETE', `/api/admin/menus/${menuId}`, { token: admin.token })).status).toBe(204);

    const { items } = await auditOf(`targetId=${menuId}`);
    // Newest first; the update names only the title, the one field that changed.
    expect(items.map((e) => e.action)).toEqual(['menu.delete', 'menu.update', 'menu.create']);
    expect(items[2]).toMatchObject({ before: null, after: { title: 'Help', path: '/help', section: 'audit' } });
    expect(items[1]).toMatchObject({ before: { title: 'Help' }, after: { title: 'Help centre' } });
    expect(Object.keys(items[1]!.after!)).toEqual(['title']);
    expect(items[0]).toMatchObject({ before: { title: 'Help centre' }, after: null });
    for (const entry of items) expect(entry).toMatchObject({ actorId: admin.user.id, actorEmail: admin.user.email, targetType: 'menu' });

    // Before the reorder both had ordering 0 and showed by title: FAQ, then Help centre.
    const [reorder] = (await auditOf('action=menu.reorder&targetId=audit')).items;
    expect(reorder).toMatchObject({ before: { ids: [other.body.data._id, menuId] }, after: { ids: [menuId, other.body.data._id] } });
  });

  it('a settings change records the keys that changed, as they were and became, and where it came from', async () => {
    const res = await app.request('PUT', '/api/admin/settings', {
      token: admin.token,
      body: { siteName: 'Audited Site', siteCommission: 30 },
    });
    expect(res.status).toBe(200);
    const [entry] = (await auditOf('action=settings.update')).items;
    expect(entry!.before).toEqual({ siteName: expect.any(String), siteCommission: expect.any(Number) });
    expect(entry!.after).toEqual({ siteName: 'Audited Site', siteCommission: 30 });
    expect(entry!.before!.siteName).not.toBe('Audited Site');
    expect(entry!.ip).toBe('127.0.0.1');

    // Saving the same values again changes nothing and adds no row.
    await app.request('PUT', '/api/admin/settings', { token: admin.token, body: { siteName: 'Audited Site' } });
    expect((await auditOf('action=settings.update')).count).toBe(1);

    // The sign-up tokens and the ring time are recorded like the rest (amounts in hundredths, as kept).
    await app.request('PUT', '/api/admin/settings', { token: admin.token, body: { signupFreeTokens: 7.5, callRingSeconds: 50 } });
    const [welcome] = (await auditOf('action=settings.update')).items;
    expect(welcome!.before).toEqual({ signupFreeTokens: 0, callRingSeconds: 30 });
    expect(welcome!.after).toEqual({ signupFreeTokens: 750, callRingSeconds: 50 });
  });

  it('a refused change leaves no row', async () => {
    const before = (await auditOf('action=menu')).count;
    expect(
      (await app.request('PUT', `/api/admin/menus/00000000-0000-4000-8000-000000000000`, { token: admin.token, body: { title: 'x' } }))
        .status,
    ).toBe(404);
    expect((await app.request('PUT', '/api/admin/settings', { token: admin.token, body: { siteCommission: 300 } })).status).toBe(422);
    expect((await auditOf('action=menu')).count).toBe(before);
    expect((await auditOf('action=settings.update&q=300')).count).toBe(0);
  });
});

describe('reading the log', () => {
  it('filters by administrator, action family, text and dates, newest first, paged', async () => {
    const second = await createAdmin(app);
    for (const title of ['One', 'Two', 'Three']) {
      await app.request('POST', '/api/admin/menus', { token: second.token, body: { section: 'paging', title, path: '/p' } });
    }
    const mine = await auditOf(`actorId=${second.user.id}&limit=2`);
    expect(mine.count).toBe(3);
    expect(mine.items.map((e) => e.after!.title)).toEqual(['Three', 'Two']);
    expect((await auditOf(`actorId=${second.user.id}&limit=2&skip=2`)).items.map((e) => e.after!.title)).toEqual(['One']);

    expect((await auditOf(`q=${encodeURIComponent(second.user.email)}`)).count).toBe(3);
    expect((await auditOf('action=menu')).items.every((e) => e.action.startsWith('menu.'))).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    expect((await auditOf(`actorId=${second.user.id}&from=${today}&to=${today}`)).count).toBe(3);
    expect((await auditOf(`actorId=${second.user.id}&to=2000-01-01`)).count).toBe(0);
  });

  it('refuses malformed filters with 422 naming the field', async () => {
    for (const query of ['actorId=nope', 'from=yesterday', 'q=a%00b', `q=${'x'.repeat(200)}`]) {
      const res = await app.request('GET', `/api/admin/audit?${query}`, { token: admin.token });
      expect(res.status, query).toBe(422);
    }
  });

  it('is for administrators only', async () => {
    expect((await app.request('GET', '/api/admin/audit')).status).toBe(401);
    expect((await app.request('GET', '/api/admin/audit', { token: (await createMember(app)).token })).status).toBe(403);
  });
});

describe('nobody can rewrite history', () => {
  it("the application's own database role can neither change, delete nor empty the log", async () => {
    await app.request('POST', '/api/admin/menus', { token: admin.token, body: { section: 'history', title: 'Kept', path: '/kept' } });
    const { count } = await auditOf('');
    expect(count).toBeGreaterThan(0);
    const db = app.ctx.db;
    const refused = (op: string) => ({ cause: expect.objectContaining({ message: `audit_log is append-only: ${op} refused` }) });
    await expect(db.execute(sql`update audit_log set actor_email = 'someone@else.test'`)).rejects.toMatchObject(refused('UPDATE'));
    await expect(db.execute(sql`delete from audit_log`)).rejects.toMatchObject(refused('DELETE'));
    await expect(db.execute(sql`truncate audit_log`)).rejects.toMatchObject(refused('TRUNCATE'));
    const after = await auditOf('');
    expect(after.count).toBe(count);
    expect(after.items.some((e) => e.actorEmail === 'someone@else.test')).toBe(false);
  });

  it('no route writes, edits or deletes audit rows', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await app.request(method, '/api/admin/audit', { token: admin.token, body: {} });
      expect(res.status, method).toBe(404);
    }
  });
});

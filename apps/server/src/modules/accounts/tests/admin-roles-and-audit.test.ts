import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';
import { auditTrail } from '../../../test-support/audit';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { multipart } from './helpers';

let app: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  app = await createTestApp();
  admin = await createAdmin(app);
});
afterAll(() => app.close());

const auditOf = (targetId: string) => auditTrail(app, admin.token, targetId);

const post = (url: string, token: string, body?: object) => app.request('POST', url, { token, ...(body ? { body } : {}) });

async function pendingModel() {
  const model = await createModel(app, { modelStatus: 'none' });
  const scan = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ddd' } })
    .png()
    .toBuffer();
  const { body, headers } = multipart(
    { documentType: 'ID', legalName: 'Mia Model', birthDate: '1995-06-15' },
    { filename: 'id.png', contentType: 'image/png', content: scan },
  );
  expect((await app.request('POST', '/api/users/document', { token: model.token, body, headers })).status).toBe(200);
  return model;
}

describe('reviews and account actions leave a trace', () => {
  it('approving and refusing a model record the status change and the reason', async () => {
    const approved = await pendingModel();
    expect((await post(`/api/admin/models/${approved.user.id}/approve`, admin.token)).status).toBe(200);
    expect(await auditOf(approved.user.id)).toEqual([
      expect.objectContaining({
        action: 'model.approve',
        actorEmail: admin.user.email,
        targetType: 'member',
        before: { modelStatus: 'pending' },
        after: { modelStatus: 'approved' },
        ip: '127.0.0.1',
      }),
    ]);

    const refused = await pendingModel();
    expect((await post(`/api/admin/models/${refused.user.id}/refuse`, admin.token, { reason: 'The photo is blurred' })).status).toBe(200);
    expect(await auditOf(refused.user.id)).toEqual([
      expect.objectContaining({ action: 'model.refuse', after: { modelStatus: 'refused', reason: 'The photo is blurred' } }),
    ]);

    // Approving twice is refused (409) and leaves no second row.
    expect((await post(`/api/admin/models/${approved.user.id}/approve`, admin.token)).status).toBe(409);
    expect(await auditOf(approved.user.id)).toHaveLength(1);
  });

  it('suspending and reactivating record the status; a repeated request answers the same without a second row', async () => {
    const member = await createMember(app);
    expect((await post(`/api/admin/users/${member.user.id}/suspend`, admin.token)).status).toBe(200);
    expect((await post(`/api/admin/users/${member.user.id}/suspend`, admin.token)).body.data.status).toBe('suspended');
    expect((await post(`/api/admin/users/${member.user.id}/reactivate`, admin.token)).status).toBe(200);
    expect((await post(`/api/admin/users/${member.user.id}/reactivate`, admin.token)).body.data.status).toBe('active');
    expect((await auditOf(member.user.id)).map((e) => [e.action, e.before, e.after])).toEqual([
      ['member.reactivate', { status: 'suspended' }, { status: 'active' }],
      ['member.suspend', { status: 'active' }, { status: 'suspended' }],
    ]);
  });
});

describe('administrators make and remove administrators', () => {
  it('a member made administrator can use the admin area at once, and loses it at once when removed', async () => {
    const member = await createMember(app);
    expect((await app.request('GET', '/api/admin/users', { token: member.token })).status).toBe(403);

    const made = await post(`/api/admin/users/${member.user.id}/make-admin`, admin.token);
    expect(made.status).toBe(200);
    expect(made.body.data.role).toBe('admin');
    expect((await app.request('GET', '/api/admin/users', { token: member.token })).status).toBe(200);

    expect((await post(`/api/admin/users/${member.user.id}/remove-admin`, admin.token)).status).toBe(200);
    expect((await app.request('GET', '/api/admin/users', { token: member.token })).status).toBe(403);

    expect((await auditOf(member.user.id)).map((e) => [e.action, e.before, e.after])).toEqual([
      ['member.remove-admin', { role: 'admin' }, { role: 'user' }],
      ['member.make-admin', { role: 'user' }, { role: 'admin' }],
    ]);
  });

  it('refuses models, inactive accounts and repeated requests with a clear 409', async () => {
    const model = await createModel(app);
    const made = await post(`/api/admin/users/${model.user.id}/make-admin`, admin.token);
    expect(made.status).toBe(409);
    expect(made.body.msg).toBe('Models cannot be administrators.');

    const suspended = await createMember(app);
    await post(`/api/admin/users/${suspended.user.id}/suspend`, admin.token);
    expect((await post(`/api/admin/users/${suspended.user.id}/make-admin`, admin.token)).body.msg).toBe(
      'Only an active account can be made an administrator.',
    );

    const member = await createMember(app);
    expect((await post(`/api/admin/users/${member.user.id}/remove-admin`, admin.token)).body.msg).toBe(
      'This member is not an administrator.',
    );
    expect((await post(`/api/admin/users/00000000-0000-4000-8000-000000000000/make-admin`, admin.token)).status).toBe(404);
    expect(await auditOf(model.user.id)).toEqual([]);
  });

  it('the last administrator cannot remove themselves; with another one they can', async () => {
    // Leave `admin` and one other administrator: every other one (the first admin included) is removed.
    const other = await createAdmin(app);
    const admins = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    for (const { id } of admins.filter((a) => a.id !== admin.user.id && a.id !== other.user.id)) {
      expect((await post(`/api/admin/users/${id}/remove-admin`, admin.token)).status).toBe(200);
    }

    expect((await post(`/api/admin/users/${other.user.id}/remove-admin`, other.token)).status).toBe(200);
    const last = await post(`/api/admin/users/${admin.user.id}/remove-admin`, admin.token);
    expect(last.status).toBe(409);
    expect(last.body.msg).toBe('The site needs at least one administrator: make someone else an administrator first.');
    expect((await app.request('GET', '/api/admin/users', { token: admin.token })).status).toBe(200);
  });

  it('two administrators removing each other at the same moment leave one administrator, round after round', async () => {
    const adminIds = async () => (await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'))).map((r) => r.id);
    let survivor = await createAdmin(app);
    // Only `survivor` stays an administrator (the previous test removed most of the rest).
    for (const id of (await adminIds()).filter((id) => id !== survivor.user.id)) {
      expect((await post(`/api/admin/users/${id}/remove-admin`, survivor.token)).status).toBe(200);
    }
    // On PostgreSQL each round is a real race between two connections (on PGlite they queue); each
    // locked its own target first once, and the two then waited on each other's row until one was
    // killed as a deadlock.
    for (let round = 0; round < 5; round++) {
      const newcomer = await createAdmin(app);
      const [ab, ba] = await Promise.all([
        post(`/api/admin/users/${newcomer.user.id}/remove-admin`, survivor.token),
        post(`/api/admin/users/${survivor.user.id}/remove-admin`, newcomer.token),
      ]);
      // The loser is refused either way: 409 when both were past the guard, 403 when it was no longer an administrator.
      const [won, lost] = [ab.status, ba.status].sort();
      expect(won, JSON.stringify([ab.body, ba.body])).toBe(200);
      expect([403, 409]).toContain(lost);
      const left = await adminIds();
      expect(left).toHaveLength(1);
      survivor = left[0] === newcomer.user.id ? newcomer : survivor;
      expect(left).toEqual([survivor.user.id]);
    }
  });

  it('is for administrators only', async () => {
    const member = await createMember(app);
    expect((await app.request('POST', `/api/admin/users/${member.user.id}/make-admin`)).status).toBe(401);
    expect((await post(`/api/admin/users/${member.user.id}/make-admin`, member.token)).status).toBe(403);
    expect((await post(`/api/admin/users/${member.user.id}/make-admin`, (await createModel(app)).token)).status).toBe(403);
  });
});

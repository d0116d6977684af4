import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { tokenPackages } from '../../../db/schema';
import { createAdmin } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { auditTrail, readAudit } from '../../../test-support/audit';

let app: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  app = await createTestApp();
  admin = await createAdmin(app);
});
afterAll(() => app.close());
afterEach(() => vi.restoreAllMocks());

const send = (method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  app.request(method, `/api/admin/token-packages${path}`, { token: admin.token, ...(body === undefined ? {} : { body }) });
const create = (body: Record<string, unknown>) => send('POST', '', body);
const update = (id: string, body: Record<string, unknown>) => send('PUT', `/${id}`, body);
const retire = (id: string) => send('DELETE', `/${id}`);

/** One target's audit trail, newest first, as an administrator reads it. */
const trail = (targetId: string) => auditTrail(app, admin.token, targetId);

/** How many package rows the log holds (`action=package` matches each 'package.*'). */
const packageRows = async () => (await readAudit(app, admin.token, { action: 'package' })).count;

const byAdmin = (action: string, id: string) => ({
  action,
  actorId: admin.user.id,
  actorEmail: admin.user.email,
  targetType: 'token-package',
  targetId: id,
  ip: expect.any(String),
});

// 10,000 tokens, in hundredths as the table stores them; prices in US cents.
const MEGA = { name: 'Mega', tokens: 1_000_000, priceCents: 50_000, ordering: 1, active: true };

async function createMega() {
  const res = await create({ name: '  Mega  ', tokens: 10_000, priceCents: 50_000, ordering: 1 });
  expect(res.status).toBe(201);
  return res.body.data._id as string;
}

describe('each change to a package leaves one row (tokens in hundredths, prices in cents, as stored)', () => {
  it('create: nothing before, the package after', async () => {
    const id = await createMega();
    expect(await trail(id)).toMatchObject([{ ...byAdmin('package.create', id), before: null, after: MEGA }]);
  });

  it('update: only the fields that changed, on both sides; an edit that changes nothing leaves no row', async () => {
    const id = await createMega();
    // The price in dollars is stored, and audited, in cents.
    expect((await update(id, { price: 450, ordering: 3, name: 'Mega' })).status).toBe(200);
    const [row] = await trail(id);
    expect(row).toMatchObject({
      ...byAdmin('package.update', id),
      before: { priceCents: 50_000, ordering: 1 },
      after: { priceCents: 45_000, ordering: 3 },
    });
    expect(Object.keys(row!.before!).sort()).toEqual(['ordering', 'priceCents']);

    expect((await update(id, { priceCents: 45_000, ordering: 3 })).status).toBe(200);
    expect((await update(id, {})).status).toBe(200);
    expect((await trail(id)).map((r) => r.action)).toEqual(['package.update', 'package.create']);
  });

  it('delete (retire): the package before, nothing after; retiring it again and reviving it', async () => {
    const id = await createMega();
    expect((await retire(id)).status).toBe(204);
    const [row] = await trail(id);
    expect(row).toMatchObject({ ...byAdmin('package.delete', id), before: MEGA, after: null });

    // Already retired: nothing changes, no row.
    expect((await retire(id)).status).toBe(204);
    expect((await trail(id)).map((r) => r.action)).toEqual(['package.delete', 'package.create']);

    expect((await update(id, { active: true })).status).toBe(200);
    expect((await trail(id))[0]).toMatchObject({ ...byAdmin('package.update', id), before: { active: false }, after: { active: true } });
  });
});

describe('a refused or failed change leaves no row', () => {
  it('a bad body (422) or an unknown package (404)', async () => {
    const id = await createMega();
    const rows = await packageRows();
    expect((await create({ name: 'No price', tokens: 100 })).status).toBe(422);
    expect((await update(id, { tokens: 12.345 })).status).toBe(422);
    expect((await update(id, { priceCents: 10 })).status).toBe(422);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await update(missing, { ordering: 2 })).status).toBe(404);
    expect((await retire(missing)).status).toBe(404);
    expect(await packageRows()).toBe(rows);
    expect(await trail(missing)).toEqual([]);
  });

  it('a change whose row cannot be written does not happen', async () => {
    const id = await createMega();
    const stored = async () => (await app.ctx.db.select().from(tokenPackages).where(eq(tokenPackages.id, id)))[0];
    const rows = await packageRows();
    vi.spyOn(app.ctx.audit, 'record').mockRejectedValue(new Error('audit down'));
    expect((await create({ name: 'Ghost', tokens: 5, priceCents: 500 })).status).toBe(500);
    expect((await update(id, { ordering: 9 })).status).toBe(500);
    expect((await retire(id)).status).toBe(500);
    vi.restoreAllMocks();

    expect((await app.ctx.db.select().from(tokenPackages).where(eq(tokenPackages.name, 'Ghost'))).length).toBe(0);
    expect(await stored()).toMatchObject(MEGA);
    expect(await packageRows()).toBe(rows);
  });
});

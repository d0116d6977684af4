import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createMember } from '../test-support/factories';
import { createTestApp, type TestApp } from '../test-support/harness';
import { logCapture } from '../test-support/log-capture';

/**
 * A transaction PostgreSQL rolls back because it crossed another (a deadlock's loser, 40P01, or a
 * serialization failure, 40001) is not a bug: the request answers 503 with Retry-After, as when
 * the database is briefly unreachable, nothing of it is kept, and a warning names the code
 * (docs/operations.md#when-the-database-or-redis-goes-away). The database itself raises each
 * code, so the driver's and Drizzle's wrapping is the real one.
 */
let app: TestApp;
const { stream: logStream, entries } = logCapture();
let attempts = 0;

beforeAll(async () => {
  app = await createTestApp({ logStream });
  // After ready() no route can be added, so before it. The rename is written first and is lost
  // with the transaction; the second attempt goes through, as a retried request would.
  app.app.post('/api/test-only/crossed', async (request) => {
    const { userId, code } = request.body as { userId: string; code: string };
    attempts += 1;
    await app.ctx.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ name: `Renamed ${attempts}` })
        .where(eq(users.id, userId));
      if (attempts === 1) await tx.execute(sql.raw(`do $$ begin raise exception 'crossed' using errcode = '${code}'; end $$`));
    });
    return { ok: true };
  });
});
afterAll(() => app.close());

const nameOf = async (userId: string) => (await app.ctx.db.select({ name: users.name }).from(users).where(eq(users.id, userId)))[0]!.name;

it.each([
  ['a deadlock', '40P01'],
  ['a serialization failure', '40001'],
])('answers %s with 503 and Retry-After, keeps nothing, and serves the same request when sent again', async (_what, code) => {
  attempts = 0;
  const member = await createMember(app, { name: 'Before' });
  const logged = entries().length;

  const crossed = await app.request('POST', '/api/test-only/crossed', { body: { userId: member.user.id, code } });
  expect(crossed.status).toBe(503);
  expect(crossed.headers['retry-after']).toBe('1');
  expect(crossed.body).toEqual({
    code: 'UNAVAILABLE',
    msg: 'The service is briefly unavailable. Please try again in a moment.',
    message: 'The service is briefly unavailable. Please try again in a moment.',
  });
  expect(await nameOf(member.user.id)).toBe('Before');

  const said = entries().slice(logged);
  expect(said.filter((entry) => (entry.level as number) >= 50)).toEqual([]);
  expect(said).toContainEqual(
    expect.objectContaining({ level: 40, msg: 'transaction conflict, answered 503', reason: expect.stringContaining(code) }),
  );

  const again = await app.request('POST', '/api/test-only/crossed', { body: { userId: member.user.id, code } });
  expect(again.status).toBe(200);
  expect(await nameOf(member.user.id)).toBe('Renamed 2');
});

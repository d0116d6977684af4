import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createMember } from '../test-support/factories';
import { createTestApp, type TestApp } from '../test-support/harness';
import { logCapture } from '../test-support/log-capture';
import { hashPassword } from './passwords';

/**
 * A query that fails carries its SQL, its parameters and the database's own words about the values
 * (`Key (email)=(…) already exists`, `invalid input syntax for type integer: "…"`). The log keeps
 * what an operator needs — the error's class, the SQLSTATE code, the constraint, where it was
 * thrown — and none of the values (docs/architecture.md#logging).
 */
let app: TestApp;
const { stream: logStream, lines } = logCapture();
const SECRET_TEXT = 'meet me at the old pier at nine, love';

beforeAll(async () => {
  app = await createTestApp({ logStream });
  // Two routes that fail the way a bug would: after ready() no route can be added, so before it.
  app.app.post('/api/test-only/duplicate', async (request) => {
    const { email, passwordHash } = request.body as { email: string; passwordHash: string };
    await app.ctx.db.insert(users).values({ email, username: `dup_${Date.now()}`, name: SECRET_TEXT, passwordHash });
    return { ok: true };
  });
  app.app.post('/api/test-only/cast', async () => {
    await app.ctx.db.execute(sql`select ${SECRET_TEXT}::integer`);
    return { ok: true };
  });
});
afterAll(() => app.close());

const errorLines = () => lines.filter((line) => JSON.parse(line).level >= 50);

it('logs a failed insert without its parameters or the values the database quotes', async () => {
  const taken = await createMember(app);
  const passwordHash = await hashPassword('An0ther-Secret-Passw0rd!');
  const res = await app.request('POST', '/api/test-only/duplicate', { body: { email: taken.user.email, passwordHash } });
  expect(res.status).toBe(500);
  expect(res.body).toEqual({
    code: 'INTERNAL',
    msg: 'Something went wrong on our side. Please try again.',
    message: 'Something went wrong on our side. Please try again.',
  });

  const logged = errorLines().join('');
  // The failure is there, with what an operator needs to find it...
  expect(logged).toContain('"code":"23505"');
  expect(logged).toContain('users_email');
  expect(logged).toContain('insert into \\"users\\"');
  // ...but not the values it was run with.
  expect(passwordHash).toMatch(/^\$argon2id\$/);
  for (const secret of [passwordHash, '$argon2', taken.user.email, SECRET_TEXT]) expect(logged).not.toContain(secret);
});

it('logs a failed cast without the text it could not read', async () => {
  const before = errorLines().length;
  const res = await app.request('POST', '/api/test-only/cast', { body: {} });
  expect(res.status).toBe(500);

  const logged = errorLines().slice(before).join('');
  expect(logged).toContain('"code":"22P02"');
  expect(logged).toContain('invalid input syntax for type integer');
  expect(logged).not.toContain(SECRET_TEXT);
  expect(logged).not.toContain('meet me');
});

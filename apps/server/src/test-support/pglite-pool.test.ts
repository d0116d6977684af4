import { afterEach, expect, it } from 'vitest';
import { createTestApp, leaseTestDatabase, type TestApp } from './harness';
import { createMember } from './factories';
import type { EmbeddedLease } from '../platform/db';
import { users } from '../db/schema';

/** What a test app's database holds when it is lent again (test-support/pglite-pool.ts). */
const leases: EmbeddedLease[] = [];
afterEach(async () => {
  for (const lease of leases.splice(0)) await lease.release();
});
const lease = async () => {
  const lent = await leaseTestDatabase();
  leases.push(lent);
  return lent;
};
const count = async (lent: EmbeddedLease, table: string) =>
  Number((await lent.client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n);

it('an embedded database lent again holds nothing the last app wrote, and its identities start again', async () => {
  const first = await lease();
  const client = first.client;
  await client.exec(`insert into settings (key, value) values ('siteName', '"Left behind"')`);
  await client.exec('begin'); // and a transaction the app never finished
  await first.release();

  const second = await lease();
  expect(second.client).toBe(client); // the same database, not a new one
  expect(await count(second, 'settings')).toBe(0);
  const { rows } = await second.client.query<{ next: string }>(`select nextval('invoices_number_seq')::text as next`);
  expect(rows[0]!.next).toBe('1');
});

it('one whose schema a test changed is not lent again', async () => {
  const first = await lease();
  const client = first.client;
  await client.exec('create table leftover (id int)');
  await first.release();
  const second = await lease();
  expect(second.client).not.toBe(client);
  expect(await count(second, "pg_tables where tablename = 'leftover'")).toBe(0);
});

it('an app on a reused database sees none of the last app’s members', async () => {
  const before = await createTestApp();
  const usernames = async (app: TestApp) => (await app.ctx.db.select({ username: users.username }).from(users)).map((u) => u.username);
  await createMember(before, { username: 'left_behind' });
  expect(await usernames(before)).toContain('left_behind');
  await before.close();
  const after = await createTestApp();
  try {
    expect(await usernames(after)).not.toContain('left_behind');
  } finally {
    await after.close();
  }
});

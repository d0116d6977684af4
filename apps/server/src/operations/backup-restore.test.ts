import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { createMember, createModel, TEST_PASSWORD } from '../test-support/factories';
import { createTestApp, freshDatabase, type TestApp } from '../test-support/harness';
import { balanceOf, fund, sendText, startConversation } from '../modules/messaging/tests/helpers';

const run = promisify(execFile);

/**
 * The backup and restore that docs/operations.md#backups prescribes for PostgreSQL, done once end
 * to end: a site with a paid conversation is dumped with pg_dump, restored with pg_restore into an
 * empty database, and a server started on the copy serves the same accounts, balances and messages.
 */
const folder = mkdtempSync(path.join(os.tmpdir(), 'cc-backup-'));
const opened: TestApp[] = [];
let restored: Awaited<ReturnType<typeof freshDatabase>> | undefined;

afterAll(async () => {
  for (const app of opened) await app.close();
  await restored?.drop();
  rmSync(folder, { recursive: true, force: true });
});

it('pg_dump, then pg_restore into an empty database: the restored site has the same members, balances and messages', async () => {
  const site = await createTestApp();
  opened.push(site);
  const member = await createMember(site);
  const model = await createModel(site);
  await fund(site, member.user.id, 5_000);
  const conversation = await startConversation(site, member.token, model.user.id);
  const hello = await sendText(site, member.token, conversation._id, 'Backed up before the disk died');
  const balanceBefore = await balanceOf(site, member.token);

  const dump = path.join(folder, 'site.dump');
  await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, site.config.databaseUrl!]);
  expect(statSync(dump).size).toBeGreaterThan(0);

  restored = await freshDatabase({ empty: true });
  await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restored.url!}`, dump]);

  const copy = await createTestApp({ config: { databaseUrl: restored.url!, jwtSecret: site.config.jwtSecret } });
  opened.push(copy);
  // Passwords survive: the member signs in on the copy.
  const signIn = await copy.request('POST', '/api/auth/login', { body: { email: member.user.email, password: TEST_PASSWORD } });
  expect(signIn.status).toBe(200);
  const token = signIn.body.data.token as string;
  expect(await balanceOf(copy, token)).toBe(balanceBefore);
  const messages = await copy.request('GET', `/api/messages/${conversation._id}`, { token });
  expect(messages.status).toBe(200);
  expect(JSON.stringify(messages.body.data)).toContain(hello.text);
  // The copy takes new work: the migrations it finds are the ones it has, so it starts as it is.
  const after = await sendText(copy, token, conversation._id, 'Written on the restored copy');
  expect(after.text).toBe('Written on the restored copy');
}, 120_000);

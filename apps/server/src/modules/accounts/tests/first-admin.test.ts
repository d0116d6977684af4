import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { logCapture } from '../../../test-support/log-capture';
import { ensureFirstAdmin } from '../first-admin';

const admins = (app: TestApp) => app.ctx.db.select().from(users).where(eq(users.role, 'admin'));

describe('without ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  let app: TestApp;
  const { stream: logStream, lines } = logCapture();
  beforeAll(async () => {
    app = await createTestApp({ logStream, config: { adminEmail: undefined, adminPassword: undefined } });
  });
  afterAll(() => app.close());

  it('creates one administrator with a random password, kept in a private file and handed to main.ts to show once, never logged', async () => {
    const [admin, ...others] = await admins(app);
    expect(others).toHaveLength(0);
    expect(admin).toMatchObject({ username: 'admin', name: 'Administrator', status: 'active' });
    expect(admin!.emailVerifiedAt).not.toBeNull();

    const file = path.join(app.config.dataDir, 'admin-credentials.txt');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const [, email, password] = /e-mail: (\S+)\npassword: (\S+)/.exec(readFileSync(file, 'utf8'))!;
    expect(email).toBe(admin!.email);
    // For main.ts to show once on the terminal; never in the log, which may be shipped elsewhere.
    expect(app.firstAdmin).toEqual({ email, password, file });
    expect(lines.some((l) => l.includes(email!) && l.includes(file))).toBe(true);
    expect(lines.filter((l) => l.includes(password!))).toHaveLength(0);

    const login = await app.request('POST', '/api/auth/login', { body: { email, password } });
    expect(login.status).toBe(200);
    const me = await app.request('GET', '/api/users/me', { token: login.body.data.token });
    expect(me.body.data.role).toBe('admin');
  });

  it('does nothing on later starts, even two at once', async () => {
    await Promise.all([ensureFirstAdmin(app.ctx), ensureFirstAdmin(app.ctx)]);
    expect(await admins(app)).toHaveLength(1);
  });
});

describe('with ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ config: { adminEmail: 'Boss@Example.test', adminPassword: 'Boss-Passw0rd!' } });
  });
  afterAll(() => app.close());

  it('uses them, writes no credentials file and has nothing to show', async () => {
    expect(app.firstAdmin).toBeNull();
    const login = await app.request('POST', '/api/auth/login', { body: { email: 'boss@example.test', password: 'Boss-Passw0rd!' } });
    expect(login.status).toBe(200);
    expect(() => statSync(path.join(app.config.dataDir, 'admin-credentials.txt'))).toThrow();
  });
});

describe('two servers starting on one empty database', () => {
  it('end up with exactly one administrator', async () => {
    const app = await createTestApp();
    try {
      await app.ctx.db.delete(users).where(eq(users.role, 'admin'));
      await Promise.all([1, 2, 3].map(() => ensureFirstAdmin(app.ctx)));
      expect(await admins(app)).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});

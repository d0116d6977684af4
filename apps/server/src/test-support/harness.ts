import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { buildApp, type App, type BuildOptions } from '../app';
import { loadConfig, type Config } from '../config/config';
import { openDatabase } from '../platform/db';
import { TEST_PASSWORD } from './test-password';
import { leaseEmbedded } from './pglite-pool';
import { createLogScan, registerBodySecrets, registerMailSecrets, type LogScan } from './log-scan';

/**
 * A whole server for one test file, on its own database: a fresh in-memory PGlite by default, or
 * a fresh PostgreSQL database when DATABASE_URL is set (CI runs the suite both ways). Redis is used
 * when REDIS_URL is set, under a prefix of its own.
 */
export type TestApp = App & {
  config: Config;
  /** Sends a JSON request the way the web client does. */
  request: (
    method: string,
    url: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ) => Promise<TestResponse>;
  /** Mail written to the outbox so far (flushes the queue first). */
  outbox: () => Promise<OutboxMail[]>;
  /**
   * Every log line of this server, checked for secrets (test-support/log-scan.ts): `close()` fails
   * with what it found. Tests mark their own secrets with `logScan.secret(value)`.
   */
  logScan: LogScan;
};
export type TestResponse = { status: number; body: any; headers: Record<string, unknown> };
export type OutboxMail = { to: string; subject: string; text: string; html: string | null; template: string };

export async function createTestApp(
  opts: { config?: Partial<Config>; logStream?: DestinationStream; build?: BuildOptions } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-test-'));
  const database = await freshDatabase();
  // Every server logs everything (`debug`) into the scan, passed on to the test's own stream if it has one.
  const logScan = createLogScan(opts.logStream);
  logScan.secret(TEST_PASSWORD);
  const config = loadConfig(
    { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'debug' },
    {
      dataDir,
      port: 0,
      jwtSecret: randomBytes(32).toString('hex'),
      redisPrefix: `cc-test-${randomBytes(4).toString('hex')}`,
      databaseUrl: database.url,
      smtpUrl: undefined,
      webDist: path.join(dataDir, 'no-web'),
      ...opts.config,
    },
  );
  // An embedded database from the pool unless the test chose its own (a folder, a snapshot, none).
  const ownDatabase = opts.build && ('pgliteDir' in opts.build || 'pgliteSnapshot' in opts.build || 'pglite' in opts.build);
  const embedded = database.url
    ? {}
    : ownDatabase
      ? { pgliteDir: 'memory://', pgliteSnapshot: await migratedPgliteSnapshot() }
      : { pglite: await leaseTestDatabase() };
  const built = await buildApp(config, {
    ...embedded,
    logStream: logScan.stream,
    startJobs: false,
    ...opts.build,
  });

  const request: TestApp['request'] = async (method, url, { token, body, headers } = {}) => {
    registerBodySecrets(logScan, body);
    const res = await built.app.inject({
      method: method as 'GET',
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    let parsed: unknown = res.body;
    try {
      parsed = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body: parsed, headers: res.headers };
  };

  const outbox = async () => {
    await built.flushMail();
    const dir = path.join(dataDir, 'outbox');
    if (!existsSync(dir)) return [];
    const mails = readdirSync(dir)
      .sort()
      .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as OutboxMail);
    for (const mail of mails) registerMailSecrets(logScan, mail.text);
    return mails;
  };

  return {
    ...built,
    config,
    request,
    outbox,
    logScan,
    async close() {
      await built.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
      const findings = logScan.findings();
      if (findings.length) throw new Error(`Secrets reached the log (test-support/log-scan.ts):\n${findings.join('\n')}`);
    },
  };
}

/** A migrated embedded database, lent from this worker's pool (test-support/pglite-pool.ts); `release` hands it back. */
export const leaseTestDatabase = () => leaseEmbedded(migratedPgliteSnapshot);

/** A name for the current set of migrations: a snapshot or template made from them is reused until they change. */
function migrationsHash(): string {
  const migrations = path.join(import.meta.dirname, '../db/migrations');
  const hash = createHash('sha256');
  for (const file of readdirSync(migrations, { recursive: true }).map(String).sort()) {
    const full = path.join(migrations, file);
    if (statSync(full).isFile()) hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A dump of a freshly migrated PGlite, made once per set of migrations and shared by every test file
 * through a file in the temp folder: loading it takes ~0.5 s where initdb + migrations take ~3 s.
 */
async function migratedPgliteSnapshot(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `cc-pglite-${migrationsHash()}.tar`);
  if (!existsSync(file)) {
    const db = await openDatabase({ dataDir: os.tmpdir(), pgliteDir: 'memory://' });
    const dump = await db.dump!();
    await db.close();
    // Written aside and renamed, so a parallel worker never reads half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

/**
 * A migrated PostgreSQL database to copy, made once per set of migrations (under an advisory lock,
 * so parallel workers make it once) and kept: `create database … template` copies it in a fraction
 * of the time the migrations take, and the app then finds nothing left to migrate.
 */
let template: Promise<string> | undefined;
/** The address of database `name` on the server `base` points at. */
function databaseNamed(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

function migratedTemplate(base: string): Promise<string> {
  template ??= (async () => {
    const name = `cc_template_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) {
        // Migrated under another name and renamed when done, so a half-made template is never copied.
        const making = `${name}_${randomBytes(4).toString('hex')}`;
        await admin.query(`create database ${making}`);
        const db = await openDatabase({ databaseUrl: databaseNamed(base, making), dataDir: os.tmpdir() });
        await db.close();
        await admin.query(`alter database ${making} rename to ${name}`);
      }
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
      await admin.end();
    }
  })();
  return template;
}

/**
 * A new PostgreSQL database per test file, so files run in parallel without seeing each other:
 * migrated, or `empty` (a restore's target).
 */
export async function freshDatabase({ empty = false }: { empty?: boolean } = {}): Promise<{
  url: string | undefined;
  drop: () => Promise<void>;
}> {
  const base = process.env.DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => {} };
  const name = `cc_test_${randomBytes(6).toString('hex')}`;
  const from = empty ? undefined : await migratedTemplate(base);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(from ? `create database ${name} template ${from}` : `create database ${name}`);
  await admin.end();
  return {
    url: databaseNamed(base, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** The 6-digit code in the newest mail to `to`. */
export async function latestCode(app: TestApp, to: string): Promise<string> {
  const mails = (await app.outbox()).filter((m) => m.to === to);
  const code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

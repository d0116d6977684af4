import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Query, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../db/schema';
import { releaseClientsWhoseBeginFails } from './pg-begin-guard';
import { serverDir } from './server-dir';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories take either, so a caller can fold their write into a larger transaction. */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, loadable with `pgliteSnapshot`. */
  dump?: () => Promise<Blob>;
};

const migrationsFolder = path.join(serverDir, 'src/db/migrations');
/** How long opening a PostgreSQL connection may take before the request waiting for it fails. */
export const CONNECT_TIMEOUT_MS = 5000;

/**
 * PostgreSQL when a URL is given, otherwise PGlite (PostgreSQL compiled to wasm, in this process)
 * with its files under `dataDir/db`, or in memory for `memory://`. Migrations run before use.
 */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  pgliteDir?: string | undefined;
  /** Start PGlite from a dump of an already-migrated database (tests: ~0.5 s instead of ~3 s of initdb). */
  pgliteSnapshot?: Blob | undefined;
  /**
   * An embedded database the caller opened, migrated and keeps (tests reuse one for app after app,
   * test-support/pglite-pool.ts): used as it is, and handed back with `release` instead of closed.
   */
  pglite?: EmbeddedLease | undefined;
  onIdleError?: (error: Error) => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    // A connection that cannot be made within CONNECT_TIMEOUT_MS fails the request with a 503
    // instead of holding it until the operating system gives up (minutes, on a dead network path).
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    // An idle connection closed by the server (restart, failover, admin) must not crash the process;
    // the pool replaces it on next use.
    pool.on('error', (error) => opts.onIdleError?.(error));
    // Nor may one closed while a request holds it (between the statements of a transaction): the pool
    // listens only to idle connections, and an 'error' nobody listens to ends the process. The
    // request learns of it from its next statement, which fails (a 503, platform/errors.ts), and the
    // broken connection is dropped when released.
    pool.on('connect', (client) => void client.on('error', () => undefined));
    releaseClientsWhoseBeginFails(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }
  if (opts.pglite) {
    const { client, release } = opts.pglite;
    return { ...embeddedDatabase(client), close: release };
  }
  const dir = opts.pgliteDir ?? path.join(opts.dataDir, 'db');
  if (dir !== 'memory://') mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({
    ...(dir === 'memory://' ? {} : { dataDir: dir }),
    ...(opts.pgliteSnapshot ? { loadDataDir: opts.pgliteSnapshot } : {}),
  });
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return embeddedDatabase(client);
}

/** A PGlite lent to one app at a time: `release` ends the app's use of it. */
export type EmbeddedLease = { client: PGlite; release: () => Promise<void> };

function embeddedDatabase(client: PGlite): Database {
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
    dump: async () => (await client.dumpDataDir('none')) as Blob,
  };
}

/** The parts of a drizzle database or transaction a prepared statement needs (public fields, untyped). */
type Executor = {
  dialect: { sqlToQuery(sql: SQL): Query };
  session: { prepareQuery(query: Query, fields: undefined, name: string, arrayMode: boolean): PreparedQuery };
};
type PreparedQuery = { execute(params: Record<string, unknown>): Promise<unknown> };

/**
 * A statement of a hot path, built once and sent by name. Written with `sql.placeholder(name)` for
 * each value, it runs on the database or inside a transaction. Drizzle builds the SQL once instead
 * of on every call, and PostgreSQL parses it once per connection and, after a few runs, stops
 * planning it: planning was most of PostgreSQL's time per message (bench/PROFILE.md). PGlite runs
 * it as any other statement. Rows come back as the driver reads them (a timestamptz as text).
 */
export function preparedStatement<Params extends Record<string, unknown>, Row>(name: string, statement: SQL) {
  let query: Query | undefined;
  // Per session: the database's (its pool) lives as long as the app; a transaction's, as long as it.
  const preparedBySession = new WeakMap<object, PreparedQuery>();
  return async function run(executor: DbOrTx, params: Params): Promise<Row[]> {
    const { dialect, session } = executor as unknown as Executor;
    query ??= dialect.sqlToQuery(statement);
    let prepared = preparedBySession.get(session);
    if (!prepared) {
      prepared = session.prepareQuery(query, undefined, name, false);
      preparedBySession.set(session, prepared);
    }
    const result = (await prepared.execute(params)) as { rows: Row[] };
    return result.rows;
  };
}

/**
 * Whether Postgres reads this text as a uuid. Reads that answer many asks in one statement
 * (platform/turn-batch.ts perTurnLookup) leave other keys out, so one malformed id cannot fail the
 * statement, and with it every other request's read.
 */
export const isUuid = (text: string) => /^\{?[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}\}?$/i.test(text);

/** Postgres unique-violation, so services can turn a lost race into a 409. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = findPgError(error);
  return e?.code === '23505' && (!constraint || e.constraint === constraint);
}

export function isCheckViolation(error: unknown, constraint?: string): boolean {
  const e = findPgError(error);
  return e?.code === '23514' && (!constraint || e.constraint === constraint);
}

/** SQLSTATEs of a lost or refused connection: class 08, the server shutting down or starting, too many connections. */
const CONNECTION_STATES = /^08|^57P0[123]$|^53300$/;
/**
 * The driver's own errors (no SQLSTATE) when its connection broke or could not be made, and the
 * server's refusal of a database closed to connections (SQLSTATE 55000, a class too wide to match).
 */
const CONNECTION_MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable|is not currently accepting connections/;
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Whether the database could not be reached (refused, cut, timed out), rather than the statement
 * being wrong: nothing of a transaction so cut is kept, so the request may be tried again.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && (CONNECTION_STATES.test(candidate.code) || NETWORK_CODES.has(candidate.code))) return true;
    if (typeof candidate.message === 'string' && CONNECTION_MESSAGES.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}

/**
 * Whether PostgreSQL chose this statement's transaction as the loser of a deadlock (40P01) or
 * could not serialize it (40001): the statement was right, the timing was not, and the whole
 * transaction was rolled back, so the request may be tried again as it was.
 */
export function isTransactionConflict(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (candidate.code === '40P01' || candidate.code === '40001') return true;
    current = candidate.cause;
  }
  return false;
}

function findPgError(error: unknown): { code?: string; constraint?: string } | undefined {
  // Drizzle wraps driver errors; the original sits on `cause`.
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof candidate.code === 'string' && /^\d{5}$|^[0-9A-Z]{5}$/.test(candidate.code))
      return candidate as { code: string; constraint?: string };
    current = candidate.cause;
  }
  return undefined;
}

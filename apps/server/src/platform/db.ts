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
  onIdleError?: (error: Error) => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection closed by the server (restart, failover, admin) must not crash the process;
    // the pool replaces it on next use.
    pool.on('error', (error) => opts.onIdleError?.(error));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }
  const dir = opts.pgliteDir ?? path.join(opts.dataDir, 'db');
  if (dir !== 'memory://') mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({
    ...(dir === 'memory://' ? {} : { dataDir: dir }),
    ...(opts.pgliteSnapshot ? { loadDataDir: opts.pgliteSnapshot } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    db,
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

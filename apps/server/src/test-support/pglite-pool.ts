import { PGlite } from '@electric-sql/pglite';
import type { EmbeddedLease } from '../platform/db';

/**
 * Embedded databases for test apps, used again once an app is done with one. Restoring the migrated
 * snapshot into a new PGlite costs ~0.8 s of CPU (a 42 MB data directory unpacked into a fresh wasm
 * instance): most of what building a test app cost, 200-odd times a run. Emptying the tables of one a
 * test has finished with and putting back what the migrations seeded takes a few milliseconds, and
 * leaves it as the snapshot was: the same rows, identities restarted, no session state (DISCARD ALL).
 * One whose schema a test changed is closed rather than lent again. Each Vitest worker has its own
 * pool (the server project does not isolate files, so it lasts the worker's life).
 */

type Seed = { table: string; rows: string };
type Shape = { tables: string[]; seeds: Seed[]; sequences: { name: string; value: string; called: boolean }[]; fingerprint: string };

const idle: PGlite[] = [];
/** More than a file opens at once is memory for nothing (a PGlite is ~100 MB). */
const KEEP = 3;
let shape: Promise<Shape> | undefined;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** What the schema is, for telling whether a test changed it. */
async function fingerprint(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ f: string }>(
    `select md5(coalesce(string_agg(x, ',' order by x), '')) as f from (
       select 'c:' || c.relname || ':' || c.relkind::text || ':' || c.relnatts::text as x from pg_class c where c.relnamespace = 'public'::regnamespace
       union all select 't:' || tgname from pg_trigger t join pg_class c on c.oid = t.tgrelid where c.relnamespace = 'public'::regnamespace and not t.tgisinternal
       union all select 'p:' || proname from pg_proc where pronamespace = 'public'::regnamespace
     ) s`,
  );
  return rows[0]!.f;
}

/** The tables, the rows the migrations left in them and the sequences' positions, read from a just-restored snapshot. */
async function readShape(client: PGlite): Promise<Shape> {
  const tables = (
    await client.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by 1`)
  ).rows.map((r) => r.name);
  const seeds: Seed[] = [];
  for (const table of tables) {
    const { rows } = await client.query<{ rows: string | null }>(`select json_agg(t)::text as rows from ${quote(table)} t`);
    if (rows[0]?.rows) seeds.push({ table, rows: rows[0].rows });
  }
  const sequences = (
    await client.query<{ name: string; value: string | null; called: boolean }>(
      `select sequencename as name, coalesce(last_value, start_value)::text as value, last_value is not null as called
         from pg_sequences where schemaname = 'public'`,
    )
  ).rows.map((r) => ({ name: r.name, value: r.value ?? '1', called: r.called }));
  return { tables, seeds, sequences, fingerprint: await fingerprint(client) };
}

/** Back to the snapshot's state: false when that could not be done and the database should go. */
async function reset(client: PGlite, { tables, seeds, sequences, fingerprint: expected }: Shape): Promise<boolean> {
  try {
    // A transaction a test left open (an app closed mid-request) would hold what follows.
    await client.exec('rollback');
    await client.exec('discard all');
    if ((await fingerprint(client)) !== expected) return false;
    await client.transaction(async (tx) => {
      // The database's own triggers guard what the app writes (audit_log refuses TRUNCATE); a
      // reset is not the app.
      await tx.exec('set local session_replication_role = replica');
      if (tables.length) await tx.exec(`truncate ${tables.map(quote).join(', ')} restart identity cascade`);
      for (const { table, rows } of seeds) {
        await tx.query(
          `insert into ${quote(table)} overriding system value select * from json_populate_recordset(null::${quote(table)}, $1)`,
          [rows],
        );
      }
      for (const { name, value, called } of sequences) await tx.query(`select setval($1, $2::bigint, $3)`, [quote(name), value, called]);
    });
    return true;
  } catch {
    return false;
  }
}

/** A migrated embedded database for one app: an idle one from the pool, or one restored from `snapshot`. */
export async function leaseEmbedded(snapshot: () => Promise<Blob>): Promise<EmbeddedLease> {
  let client = idle.pop();
  if (!client) {
    client = await PGlite.create({ loadDataDir: await snapshot() });
    // Read before any app writes to it: this is the snapshot's state every reset returns to.
    shape ??= readShape(client);
    await shape;
  }
  const lent = client;
  let released = false;
  return {
    client: lent,
    release: async () => {
      if (released) return;
      released = true;
      if (idle.length < KEEP && (await reset(lent, await shape!))) idle.push(lent);
      else await lent.close();
    },
  };
}

/** The versions of what a run measured, for the header of its block in RESULTS.md. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';

/** PostgreSQL (from `postgresUrl`), Redis (REDIS_URL) and, when the run uses it, PGlite. */
export async function softwareVersions(postgresUrl = process.env.DATABASE_URL): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  if (postgresUrl) {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    out.postgresql = rows[0]!.server_version.split(' ')[0]!;
    await client.end();
  }
  if (process.env.REDIS_URL) {
    const redis = new Redis(process.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    const version = /redis_version:(\S+)/.exec(await redis.info('server'))?.[1];
    if (version) out.redis = version;
    redis.disconnect();
  }
  if (!process.env.DATABASE_URL) {
    try {
      const file = path.join(import.meta.dirname, '..', '..', 'node_modules', '@electric-sql', 'pglite', 'package.json');
      out.pglite = (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
    } catch {
      /* not installed where expected: leave it out */
    }
  }
  return out;
}

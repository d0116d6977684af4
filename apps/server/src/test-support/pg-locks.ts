import type pg from 'pg';

/**
 * Resolves once some other session of this database waits on a row lock: the request under test
 * has reached the row the test holds locked (a price or rate change not yet committed).
 */
export async function waitForLockWait(client: pg.Client, what: string) {
  const started = Date.now();
  for (;;) {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
    );
    if (rows[0]!.n > 0) return;
    if (Date.now() - started > 5000) throw new Error(`${what} never waited for the held row`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

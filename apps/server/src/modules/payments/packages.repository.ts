import { asc, count, eq, sql } from 'drizzle-orm';
import { tokenPackages } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/db';

export type PackageRow = typeof tokenPackages.$inferSelect;
export type NewPackage = Omit<typeof tokenPackages.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type PackagePatch = Partial<NewPackage>;

/** Display order: the administrator's ordering, then the cheapest first. */
const displayOrder = [asc(tokenPackages.ordering), asc(tokenPackages.priceCents), asc(tokenPackages.name), asc(tokenPackages.id)];

/** The only code in this module that touches the token_packages table. */
export function createPackagesRepository(db: Db) {
  return {
    listActive: (tx: DbOrTx = db): Promise<PackageRow[]> =>
      tx
        .select()
        .from(tokenPackages)
        .where(eq(tokenPackages.active, true))
        .orderBy(...displayOrder),

    listAll: (tx: DbOrTx = db): Promise<PackageRow[]> =>
      tx
        .select()
        .from(tokenPackages)
        .orderBy(...displayOrder),

    async findById(id: string, tx: DbOrTx = db): Promise<PackageRow | undefined> {
      return (await tx.select().from(tokenPackages).where(eq(tokenPackages.id, id)).limit(1))[0];
    },

    /** The row, locked until the transaction ends, so what an edit changed is read and written as one step. */
    async findForUpdate(id: string, tx: DbOrTx): Promise<PackageRow | undefined> {
      return (await tx.select().from(tokenPackages).where(eq(tokenPackages.id, id)).for('update'))[0];
    },

    async count(tx: DbOrTx = db): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(tokenPackages);
      return row?.n ?? 0;
    },

    async insert(values: NewPackage[], tx: DbOrTx = db): Promise<PackageRow[]> {
      return values.length ? tx.insert(tokenPackages).values(values).returning() : [];
    },

    async update(id: string, patch: PackagePatch, tx: DbOrTx = db): Promise<PackageRow | undefined> {
      const [row] = await tx
        .update(tokenPackages)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(tokenPackages.id, id))
        .returning();
      return row;
    },

    /** Serialises seeding across processes for the rest of the transaction (released at commit). */
    async lockForSeeding(tx: DbOrTx = db): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cc:seed:token_packages'))`);
    },
  };
}
export type PackagesRepository = ReturnType<typeof createPackagesRepository>;

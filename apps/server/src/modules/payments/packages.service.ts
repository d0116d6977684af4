import type { tokenPackageInputSchema, tokenPackageUpdateSchema } from '@cc/contracts';
import type { z } from 'zod';
import { changedFields, type AdminActor, type AuditLog } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { PackagePatch, PackageRow, PackagesRepository } from './packages.repository';

type PackageInput = z.output<typeof tokenPackageInputSchema>;
type PackageUpdate = z.output<typeof tokenPackageUpdateSchema>;

const packageNotFound = () => notFound('That token package does not exist.');

/** A package as its audit rows show it: tokens in hundredths and the price in cents, as stored; no timestamps. */
const audited = (row: Pick<PackageRow, 'name' | 'tokens' | 'priceCents' | 'ordering' | 'active'>) => ({
  name: row.name,
  tokens: row.tokens,
  priceCents: row.priceCents,
  ordering: row.ordering,
  active: row.active,
});
const target = (id: string) => ({ type: 'token-package', id });

/**
 * Token packages: administrators set them, members buy the active ones. Tokens in hundredths, prices
 * in cents. Each administrator's change and its audit row commit in one transaction; a change that
 * changes nothing writes neither.
 */
export function createPackagesService({ db, packages: repo, audit }: { db: Db; packages: PackagesRepository; audit: AuditLog }) {
  return {
    listActive: () => repo.listActive(),

    listAll: () => repo.listAll(),

    /** The package a member may buy now: it exists and is not retired. */
    async findBuyable(id: string): Promise<PackageRow> {
      const row = await repo.findById(id);
      if (!row?.active) throw notFound('That token package is not available.');
      return row;
    },

    async create(actor: AdminActor, input: PackageInput): Promise<PackageRow> {
      return db.transaction(async (tx) => {
        const [row] = await repo.insert([input], tx);
        await audit.record(actor, { action: 'package.create', target: target(row!.id), before: null, after: audited(row!) }, tx);
        return row!;
      });
    },

    /** Payments copy the name, tokens and price they were made at, so editing a package never rewrites history. */
    async update(actor: AdminActor, id: string, input: PackageUpdate): Promise<PackageRow> {
      const patch: PackagePatch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      return db.transaction(async (tx) => {
        // Locked, so a concurrent edit cannot land between this read and the write: `before` is what this edit changed.
        const before = await repo.findForUpdate(id, tx);
        if (!before) throw packageNotFound();
        if (!hasChanges(before, patch)) return before;
        const row = (await repo.update(id, patch, tx))!;
        const changed = changedFields(audited(before), audited(row));
        await audit.record(actor, { action: 'package.update', target: target(id), ...changed }, tx);
        return row;
      });
    },

    /** Retired, never deleted: payments and invoices keep pointing at it. Retiring a retired package changes nothing. */
    async retire(actor: AdminActor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await repo.findForUpdate(id, tx);
        if (!before) throw packageNotFound();
        if (!before.active) return;
        await repo.update(id, { active: false }, tx);
        await audit.record(actor, { action: 'package.delete', target: target(id), before: audited(before), after: null }, tx);
      });
    },
  };
}
export type PackagesService = ReturnType<typeof createPackagesService>;

/** Whether the patch would change a field the audit shows (an edit that changes none is not written). */
function hasChanges(row: PackageRow, patch: PackagePatch): boolean {
  const { before } = changedFields(audited(row), audited({ ...row, ...patch }));
  return Object.keys(before).length > 0;
}

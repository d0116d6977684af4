import type { tokenPackageInputSchema, tokenPackageUpdateSchema } from '@cc/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { packagesRepository as repo, type PackagePatch, type PackageRow } from './packages.repository';

type PackageInput = z.output<typeof tokenPackageInputSchema>;
type PackageUpdate = z.output<typeof tokenPackageUpdateSchema>;

const packageNotFound = () => notFound('That token package does not exist.');

/** Token packages: administrators set them, members buy the active ones. */
export function createPackagesService({ db }: { db: Db }) {
  return {
    listActive: () => repo.listActive(db),

    listAll: () => repo.listAll(db),

    /** The package a member may buy now: it exists and is not retired. */
    async findBuyable(id: string): Promise<PackageRow> {
      const row = await repo.findById(id, db);
      if (!row?.active) throw notFound('That token package is not available.');
      return row;
    },

    async create(input: PackageInput): Promise<PackageRow> {
      const [row] = await repo.insert([input], db);
      return row!;
    },

    /** Payments copy the name, tokens and price they were made at, so editing a package never rewrites history. */
    async update(id: string, input: PackageUpdate): Promise<PackageRow> {
      const patch: PackagePatch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      const row = Object.keys(patch).length ? await repo.update(id, patch, db) : await repo.findById(id, db);
      if (!row) throw packageNotFound();
      return row;
    },

    /** Retired, never deleted: payments and invoices keep pointing at it. */
    async retire(id: string): Promise<void> {
      if (!(await repo.update(id, { active: false }, db))) throw packageNotFound();
    },
  };
}
export type PackagesService = ReturnType<typeof createPackagesService>;

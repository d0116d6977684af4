import type { tokenPackageInputSchema, tokenPackageUpdateSchema } from '@cc/contracts';
import type { z } from 'zod';
import { notFound } from '../../platform/errors';
import type { PackagePatch, PackageRow, PackagesRepository } from './packages.repository';

type PackageInput = z.output<typeof tokenPackageInputSchema>;
type PackageUpdate = z.output<typeof tokenPackageUpdateSchema>;

const packageNotFound = () => notFound('That token package does not exist.');

/** Token packages: administrators set them, members buy the active ones. Tokens in hundredths, prices in cents. */
export function createPackagesService({ packages: repo }: { packages: PackagesRepository }) {
  return {
    listActive: () => repo.listActive(),

    listAll: () => repo.listAll(),

    /** The package a member may buy now: it exists and is not retired. */
    async findBuyable(id: string): Promise<PackageRow> {
      const row = await repo.findById(id);
      if (!row?.active) throw notFound('That token package is not available.');
      return row;
    },

    async create(input: PackageInput): Promise<PackageRow> {
      const [row] = await repo.insert([input]);
      return row!;
    },

    /** Payments copy the name, tokens and price they were made at, so editing a package never rewrites history. */
    async update(id: string, input: PackageUpdate): Promise<PackageRow> {
      const patch: PackagePatch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      const row = Object.keys(patch).length ? await repo.update(id, patch) : await repo.findById(id);
      if (!row) throw packageNotFound();
      return row;
    },

    /** Retired, never deleted: payments and invoices keep pointing at it. */
    async retire(id: string): Promise<void> {
      if (!(await repo.update(id, { active: false }))) throw packageNotFound();
    },
  };
}
export type PackagesService = ReturnType<typeof createPackagesService>;

import { tokens } from '@cc/contracts';
import type { Db } from '../../platform/db';
import { createPackagesRepository, type NewPackage } from './packages.repository';

/** Tokens in hundredths (written the way people say them), prices in US cents. */
export const DEFAULT_TOKEN_PACKAGES: NewPackage[] = [
  { name: 'Starter', tokens: tokens(100), priceCents: 999, ordering: 0, active: true },
  { name: 'Popular', tokens: tokens(550), priceCents: 4_999, ordering: 1, active: true },
  { name: 'Premium', tokens: tokens(1_200), priceCents: 9_999, ordering: 2, active: true },
];

/**
 * Inserts the default packages the first time the app ever starts. Packages are never deleted (an
 * administrator retires them), so "no package at all" means "never seeded". Two processes starting
 * together take an advisory lock in turn: the second finds the packages and inserts nothing.
 * Returns whether this call seeded.
 */
export async function seedTokenPackages(db: Db): Promise<boolean> {
  const repo = createPackagesRepository(db);
  return db.transaction(async (tx) => {
    await repo.lockForSeeding(tx);
    if ((await repo.count(tx)) > 0) return false;
    await repo.insert(DEFAULT_TOKEN_PACKAGES, tx);
    return true;
  });
}

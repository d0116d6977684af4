import { idParamSchema, listOf } from '../common/envelope';
import { defineRoute } from '../common/routes';
import { tokenPackageInputSchema, tokenPackageSchema, tokenPackageUpdateSchema } from './packages';
import { packagePaths } from './packages.paths';

/** Token packages: the shop's list, and the administrators' catalogue. */
export const packageRoutes = {
  onSale: defineRoute({
    ...packagePaths.onSale,
    access: 'public',
    tags: ['token packages'],
    summary: 'Packages on sale, in display order',
    answer: listOf(tokenPackageSchema),
  }),
  all: defineRoute({
    ...packagePaths.all,
    access: 'admin',
    tags: ['admin', 'token packages'],
    summary: 'Every package, retired ones too',
    answer: listOf(tokenPackageSchema),
  }),
  create: defineRoute({
    ...packagePaths.create,
    access: 'admin',
    tags: ['admin', 'token packages'],
    summary: 'Add a package',
    description: '`tokens` is tokens (100 means 100 tokens). The price is `priceCents` (US cents) or `price` (US dollars).',
    body: tokenPackageInputSchema,
    status: 201,
    answer: tokenPackageSchema,
  }),
  update: defineRoute({
    ...packagePaths.update,
    access: 'admin',
    tags: ['admin', 'token packages'],
    summary: 'Change a package (payments already made keep what they paid)',
    description: 'Only the fields sent change. `tokens` is tokens; the price is `priceCents` (US cents) or `price` (US dollars).',
    params: idParamSchema,
    body: tokenPackageUpdateSchema,
    answer: tokenPackageSchema,
  }),
  retire: defineRoute({
    ...packagePaths.retire,
    access: 'admin',
    tags: ['admin', 'token packages'],
    summary: 'Retire a package (it stays on past payments)',
    params: idParamSchema,
    answer: null,
  }),
};

import { defineRoute } from '../common/routes';
import { adminEarningPaths } from './admin-earnings.paths';
import { adminEarningsQuerySchema, adminEarningListSchema } from './admin-earnings';

/** Administrators read every model's earnings (docs/product.md#earnings-for-administrators). */
export const adminEarningRoutes = {
  list: defineRoute({
    ...adminEarningPaths.list,
    access: 'admin',
    tags: ['admin', 'tokens'],
    summary: "Every model's earnings rows, newest first, filtered, with the totals of the filtered set",
    description: 'Amounts in tokens; a refund is a row with every amount negative, so the totals are what was kept.',
    query: adminEarningsQuerySchema,
    answer: adminEarningListSchema,
  }),
};

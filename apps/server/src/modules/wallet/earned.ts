import { sql, type Column, type SQL } from 'drizzle-orm';
import { earnings } from '../../db/schema';

/**
 * What `modelId` earned from the ledger transaction in the `transactionId` column — the net after
 * the site's commission, in hundredths — as a value other modules' queries may select; null when
 * that member earned nothing from it (docs/product.md#ledger).
 */
export const netEarnedBy = (modelId: string, transactionId: Column): SQL<number | null> =>
  sql<
    number | null
  >`(select ${earnings.net} from ${earnings} where ${earnings.transactionId} = ${transactionId} and ${earnings.modelId} = ${modelId})`;

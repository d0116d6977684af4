import type { Db } from '../../platform/db';
import type { EventBus } from '../../platform/events';
import type { SettingsService } from '../system';
import { createLedgerBalances } from './ledger-balances';
import { createLedgerMovements } from './ledger-movement';
import { createLedgerPayouts, createLedgerPostings, createLedgerReversals } from './ledger-postings';
import { createLedgerReports } from './ledger-reports';
import { createLedgerTransfers } from './ledger-transfers';
import { createLedgerRepository } from './ledger.repository';

// The ledger's face: callers (and app-context.ts) take `createLedger`, `Ledger` and its types from
// here; the work lives in ledger-movement.ts (posting one movement) and the files it is put
// together from below.
export {
  MAX_AMOUNT,
  SIGNUP_TOKENS_MEMO,
  type ChargeKind,
  type EarningSource,
  type PayoutMovement,
  type Posted,
  type Transferred,
  type TransferInput,
} from './ledger-movement';

/**
 * The ledger: the one service that moves tokens. Every movement is a transaction of entries that
 * sum to zero, claimed first by its idempotency key, with each balance changed by one guarded
 * statement so no wallet can go below zero, even under concurrency.
 *
 * Every function takes an optional `tx`. Given one, the work joins the caller's transaction (inside
 * a savepoint, so a 402 the caller catches leaves nothing half-written) and publishes nothing: the
 * caller publishes after its commit, with `ledger.announce(result.userIds)`. Without one, the
 * ledger runs its own transaction and announces after it commits.
 */
export function createLedger({ db, events, settings }: { db: Db; events: EventBus; settings: Pick<SettingsService, 'cached'> }) {
  const repo = createLedgerRepository(db);
  const balances = createLedgerBalances({ db, events, repo });
  const movements = createLedgerMovements({ db, repo, announce: balances.announce });
  return {
    ...createLedgerPostings(movements),
    ...createLedgerTransfers({ db, repo, settings, movements, announce: balances.announce }),
    ...createLedgerReversals({ repo, movements }),
    ...createLedgerPayouts(movements),
    ...balances,
    ...createLedgerReports({ repo }),
  };
}

export type Ledger = ReturnType<typeof createLedger>;

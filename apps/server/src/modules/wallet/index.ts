/**
 * The wallet module's public face for other modules: types, factories and pure helpers. Its
 * routes, sockets and jobs are registered by wallet.module.ts, which only app.ts imports.
 */
export { walletBalance, walletBalances } from './balances';
export { splitCommission } from './commission';
export { netEarnedBy } from './earned';
export { tokensSpentPerBucket } from './stats.repository';
export {
  createLedger,
  MAX_AMOUNT,
  type ChargeKind,
  type EarningSource,
  type Ledger,
  type PayoutMovement,
  type Posted,
  type Transferred,
} from './ledger.service';

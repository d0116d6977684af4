import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PayoutMethod, PayoutStatus } from '@cc/contracts';
import { payoutAccounts, payoutRequests, users } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/db';

/** What a payout account holds, unmasked: PayPal's address or the bank's details as the model gave them. */
export type PaypalDetails = { email: string };
export type BankDetails = {
  beneficiaryName: string;
  bankName: string;
  iban: string;
  swift?: string | undefined;
  bankAddress?: string | undefined;
  beneficiaryAddress?: string | undefined;
};
/** The account as a request keeps it: where that payout goes, even if the model changes it later. */
export type AccountSnapshot = { method: 'paypal'; details: PaypalDetails } | { method: 'bank_transfer'; details: BankDetails };

export type PayoutAccountRow = Omit<typeof payoutAccounts.$inferSelect, 'method' | 'details'> & AccountSnapshot;
export type PayoutRequestRow = Omit<typeof payoutRequests.$inferSelect, 'account'> & { account: AccountSnapshot };
export type NewPayoutRequest = Omit<typeof payoutRequests.$inferInsert, 'account'> & { account: AccountSnapshot };
export type RequestPatch = Partial<
  Pick<
    typeof payoutRequests.$inferInsert,
    'status' | 'note' | 'reference' | 'decidedBy' | 'approvedAt' | 'paidAt' | 'rejectedAt' | 'settleTransactionId' | 'refundTransactionId'
  >
>;
/** The model's identity columns (docs/architecture.md#boundaries allows joining them). */
export type ModelRef = { id: string; username: string; name: string; email: string };
export type PayoutRequestView = { request: PayoutRequestRow; model: ModelRef | null };

const asAccount = (row: typeof payoutAccounts.$inferSelect) => row as PayoutAccountRow;
const asRequest = (row: typeof payoutRequests.$inferSelect) => row as PayoutRequestRow;

/** The only code touching `payout_accounts` and `payout_requests`. */
export function createPayoutsRepository(db: Db) {
  async function findAccount(userId: string, tx: DbOrTx = db): Promise<PayoutAccountRow | undefined> {
    const [row] = await tx.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)).limit(1);
    return row && asAccount(row);
  }

  /** One account per model: a second save replaces the first. */
  async function saveAccount(userId: string, account: AccountSnapshot): Promise<PayoutAccountRow> {
    const values = { method: account.method satisfies PayoutMethod, details: account.details };
    const [row] = await db
      .insert(payoutAccounts)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: payoutAccounts.userId, set: { ...values, updatedAt: sql`now()` } })
      .returning();
    return asAccount(row!);
  }

  async function insertRequest(values: NewPayoutRequest, tx: DbOrTx): Promise<PayoutRequestRow> {
    const [row] = await tx.insert(payoutRequests).values(values).returning();
    return asRequest(row!);
  }

  async function findRequest(id: string, tx: DbOrTx = db): Promise<PayoutRequestRow | undefined> {
    const [row] = await tx.select().from(payoutRequests).where(eq(payoutRequests.id, id)).limit(1);
    return row && asRequest(row);
  }

  /**
   * The one way a request changes status: a compare-and-set. Answers the new row, or nothing when
   * it was no longer `from` (another administrator's click got there first). On PostgreSQL the
   * second of two concurrent updates waits for the first to commit, then finds the status moved.
   */
  async function transition(id: string, from: PayoutStatus, patch: RequestPatch, tx: DbOrTx): Promise<PayoutRequestRow | undefined> {
    const [row] = await tx
      .update(payoutRequests)
      .set(patch)
      .where(and(eq(payoutRequests.id, id), eq(payoutRequests.status, from)))
      .returning();
    return row && asRequest(row);
  }

  /** Records a ledger transaction on a request this transaction already moved. */
  async function linkTransaction(id: string, patch: Pick<RequestPatch, 'settleTransactionId' | 'refundTransactionId'>, tx: DbOrTx) {
    const [row] = await tx.update(payoutRequests).set(patch).where(eq(payoutRequests.id, id)).returning();
    return asRequest(row!);
  }

  /** Requests with the model's identity, newest first, and how many match. */
  async function list(
    where: SQL | undefined,
    page: { limit: number; skip: number },
  ): Promise<{ rows: PayoutRequestView[]; count: number }> {
    const [rows, [total]] = await Promise.all([
      db
        .select({ request: payoutRequests, model: { id: users.id, username: users.username, name: users.name, email: users.email } })
        .from(payoutRequests)
        .leftJoin(users, eq(users.id, payoutRequests.modelId))
        .where(where)
        .orderBy(desc(payoutRequests.createdAt), desc(payoutRequests.id))
        .limit(page.limit)
        .offset(page.skip),
      db.select({ n: count() }).from(payoutRequests).where(where),
    ]);
    return { rows: rows.map((r) => ({ request: asRequest(r.request), model: r.model })), count: total?.n ?? 0 };
  }

  const listOfModel = (modelId: string, page: { limit: number; skip: number }) => list(eq(payoutRequests.modelId, modelId), page);
  const listByStatus = (status: PayoutStatus | undefined, page: { limit: number; skip: number }) =>
    list(status ? eq(payoutRequests.status, status) : undefined, page);

  async function modelOf(userId: string, tx: DbOrTx = db): Promise<ModelRef | null> {
    const [row] = await tx
      .select({ id: users.id, username: users.username, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row ?? null;
  }

  return { findAccount, saveAccount, insertRequest, findRequest, transition, linkTransaction, listOfModel, listByStatus, modelOf };
}

export type PayoutsRepository = ReturnType<typeof createPayoutsRepository>;

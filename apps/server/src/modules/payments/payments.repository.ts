import { and, asc, between, count, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import { invoices, payments } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/db';
import { referenceRange } from './reference';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentStatus = PaymentRow['status'];
export type NewPayment = Omit<typeof payments.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'status'>;
export type PaymentPatch = Partial<Omit<typeof payments.$inferInsert, 'id' | 'createdAt' | 'userId' | 'idempotencyKey'>>;
export type ListedPayment = PaymentRow & { invoiceId: string | null };
type Page = { limit: number; skip: number };

/** A payment in these states may still turn out approved (by the provider's answer, a webhook or a lookup). */
export const OPEN_STATUSES: PaymentStatus[] = ['pending', 'unknown', 'held'];

const withInvoice = { payment: payments, invoiceId: invoices.id };

/** The only code in this module that touches the payments table. */
export function createPaymentsRepository(db: Db) {
  return { ...paymentRows(db), ...paymentLists(db) };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;

/** One payment's row: written pending, found, locked and moved on. */
function paymentRows(db: Db) {
  return {
    /** The new pending payment, or undefined when this member already used this idempotency key. */
    async insertPending(values: NewPayment, tx: DbOrTx = db): Promise<PaymentRow | undefined> {
      const [row] = await tx
        .insert(payments)
        .values({ ...values, status: 'pending' })
        .onConflictDoNothing({ target: [payments.userId, payments.idempotencyKey] })
        .returning();
      return row;
    },

    async findByKey(userId: string, idempotencyKey: string, tx: DbOrTx = db): Promise<PaymentRow | undefined> {
      const rows = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, idempotencyKey)))
        .limit(1);
      return rows[0];
    },

    async findById(id: string, tx: DbOrTx = db): Promise<PaymentRow | undefined> {
      return (await tx.select().from(payments).where(eq(payments.id, id)).limit(1))[0];
    },

    /** Locks the payment for the rest of the transaction: settling it happens one caller at a time. */
    async lock(id: string, tx: DbOrTx = db): Promise<PaymentRow | undefined> {
      return (await tx.select().from(payments).where(eq(payments.id, id)).limit(1).for('update'))[0];
    },

    /** The payment a webhook names, by the provider's transaction id or by our reference. */
    async findForProvider(
      opts: { provider: PaymentRow['provider']; transactionId?: string | undefined; reference?: string | undefined },
      tx: DbOrTx = db,
    ) {
      const conditions: SQL[] = [];
      if (opts.transactionId) conditions.push(eq(payments.providerTransactionId, opts.transactionId));
      const range = opts.reference ? referenceRange(opts.reference) : null;
      if (range) conditions.push(between(payments.id, range.from, range.to));
      for (const condition of conditions) {
        const rows = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.provider, opts.provider), condition))
          .limit(1);
        if (rows[0]) return rows[0];
      }
      return undefined;
    },

    async update(id: string, patch: PaymentPatch, tx: DbOrTx = db): Promise<PaymentRow | undefined> {
      const [row] = await tx
        .update(payments)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(payments.id, id))
        .returning();
      return row;
    },

    /** Moves a payment that is still open to a new state; undefined when it had already settled. */
    async updateIfOpen(id: string, patch: PaymentPatch, tx: DbOrTx = db): Promise<PaymentRow | undefined> {
      const [row] = await tx
        .update(payments)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(payments.id, id), inArray(payments.status, OPEN_STATUSES)))
        .returning();
      return row;
    },
  };
}

/** Payments as lists show them: the reconciler's stale ones, a member's with their invoices. */
function paymentLists(db: Db) {
  return {
    /** Payments in these states untouched since before `olderThan`, oldest first (the reconciler's work). */
    async listStale(statuses: PaymentStatus[], olderThan: Date, limit: number, tx: DbOrTx = db): Promise<PaymentRow[]> {
      return tx
        .select()
        .from(payments)
        .where(and(inArray(payments.status, statuses), lt(payments.updatedAt, olderThan)))
        .orderBy(asc(payments.updatedAt))
        .limit(limit);
    },

    async withInvoice(payment: PaymentRow, tx: DbOrTx = db): Promise<ListedPayment> {
      const [invoice] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.paymentId, payment.id)).limit(1);
      return { ...payment, invoiceId: invoice?.id ?? null };
    },

    /** A member's payments, newest first. */
    async listForUser(userId: string, page: Page, tx: DbOrTx = db): Promise<{ rows: ListedPayment[]; count: number }> {
      const where = eq(payments.userId, userId);
      const rows = await tx
        .select(withInvoice)
        .from(payments)
        .leftJoin(invoices, eq(invoices.paymentId, payments.id))
        .where(where)
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(page.limit)
        .offset(page.skip);
      const [total] = await tx.select({ n: count() }).from(payments).where(where);
      return { rows: rows.map((r) => ({ ...r.payment, invoiceId: r.invoiceId })), count: total?.n ?? 0 };
    },
  };
}

import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { invoices, payments, users } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/db';
import type { InvoiceRow, InvoiceWithBuyer } from './invoices.repository';
import type { PaymentRow, PaymentStatus } from './payments.repository';

/** A payment as administrators read it: its member, its invoice and who reversed it. */
export type AdminPaymentRow = PaymentRow & {
  invoiceId: string | null;
  user: { id: string; username: string; name: string; email: string };
  reverser: { id: string; name: string; email: string } | null;
};
type Page = { limit: number; skip: number };
type Period = { from?: string | undefined; to?: string | undefined };
export type AdminPaymentsFilter = Page & Period & { status?: PaymentStatus | undefined; q?: string | undefined };
export type AdminInvoicesFilter = Page & Period & { status?: InvoiceRow['status'] | undefined; q?: string | undefined };

const reverser = alias(users, 'reverser');
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** "INV-000012", "inv-12" or "12" → 12; null when the text cannot be an invoice number. */
export function invoiceNumberOf(text: string): number | null {
  const match = /^(?:INV-?)?0*(\d{1,9})$/i.exec(text.trim());
  return match ? Number(match[1]) : null;
}
/** '2026-11-29' → the day after, so a bare `to` date includes that whole day (as the audit log reads it). */
const endOf = (to: string) => (to.length === 10 ? new Date(Date.parse(to) + 86_400_000) : new Date(to));

function periodOf(column: typeof payments.createdAt | typeof invoices.issuedAt, period: Period): SQL[] {
  const where: SQL[] = [];
  if (period.from) where.push(gte(column, new Date(period.from)));
  if (period.to) where.push(lt(column, endOf(period.to)));
  return where;
}

/** Who bought: name, e-mail or username ('@sam' finds sam). */
function memberMatches(q: string): SQL[] {
  const pattern = `%${escapeLike(q)}%`;
  return [ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.username, `%${escapeLike(q.replace(/^@/, ''))}%`)];
}

const adminPaymentColumns = {
  payment: payments,
  invoiceId: invoices.id,
  user: { id: users.id, username: users.username, name: users.name, email: users.email },
  reverser: { id: reverser.id, name: reverser.name, email: reverser.email },
};
const withBuyer = { invoice: invoices, buyer: { name: users.name, email: users.email }, cardBrand: payments.cardBrand };

/** Administrators' reads of payments and invoices (search, filters, one payment), and the invoice's reversal. */
export function createAdminPaymentsRepository(db: Db) {
  function paymentsQuery(tx: DbOrTx) {
    return tx
      .select(adminPaymentColumns)
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .leftJoin(invoices, eq(invoices.paymentId, payments.id))
      .leftJoin(reverser, eq(reverser.id, payments.reversedBy));
  }
  type Selected = Awaited<ReturnType<ReturnType<typeof paymentsQuery>['execute']>>[number];
  const toRow = (r: Selected): AdminPaymentRow => ({
    ...r.payment,
    invoiceId: r.invoiceId,
    user: r.user,
    reverser: r.reverser?.id ? (r.reverser as AdminPaymentRow['reverser']) : null,
  });

  return {
    /** Newest first, filtered; the count is of every payment the filters match. */
    async listPayments(filter: AdminPaymentsFilter): Promise<{ rows: AdminPaymentRow[]; count: number }> {
      const where: SQL[] = periodOf(payments.createdAt, filter);
      if (filter.status) where.push(eq(payments.status, filter.status));
      if (filter.q) {
        const number = invoiceNumberOf(filter.q);
        where.push(
          or(...memberMatches(filter.q), eq(payments.providerTransactionId, filter.q), ...(number ? [eq(invoices.number, number)] : []))!,
        );
      }
      const condition = where.length ? and(...where) : undefined;
      const [rows, [total]] = await Promise.all([
        paymentsQuery(db).where(condition).orderBy(desc(payments.createdAt), desc(payments.id)).limit(filter.limit).offset(filter.skip),
        db
          .select({ n: count() })
          .from(payments)
          .innerJoin(users, eq(users.id, payments.userId))
          .leftJoin(invoices, eq(invoices.paymentId, payments.id))
          .where(condition),
      ]);
      return { rows: rows.map(toRow), count: total?.n ?? 0 };
    },

    async findPayment(id: string, tx: DbOrTx = db): Promise<AdminPaymentRow | undefined> {
      const [row] = await paymentsQuery(tx).where(eq(payments.id, id)).limit(1);
      return row ? toRow(row) : undefined;
    },

    /** Newest first, filtered by number, buyer, status and time. */
    async listInvoices(filter: AdminInvoicesFilter): Promise<{ rows: InvoiceWithBuyer[]; count: number }> {
      const where: SQL[] = periodOf(invoices.issuedAt, filter);
      if (filter.status) where.push(eq(invoices.status, filter.status));
      if (filter.q) {
        const number = invoiceNumberOf(filter.q);
        const pattern = `%${escapeLike(filter.q)}%`;
        where.push(or(ilike(users.name, pattern), ilike(users.email, pattern), ...(number ? [eq(invoices.number, number)] : []))!);
      }
      const condition = where.length ? and(...where) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select(withBuyer)
          .from(invoices)
          .innerJoin(users, eq(users.id, invoices.userId))
          .innerJoin(payments, eq(payments.id, invoices.paymentId))
          .where(condition)
          .orderBy(desc(invoices.issuedAt), desc(invoices.number))
          .limit(filter.limit)
          .offset(filter.skip),
        db.select({ n: count() }).from(invoices).innerJoin(users, eq(users.id, invoices.userId)).where(condition),
      ]);
      return { rows: rows.map((r) => ({ ...r.invoice, buyer: r.buyer, cardBrand: r.cardBrand })), count: total?.n ?? 0 };
    },

    /** Moves a payment from one state to another; undefined when it was no longer in `from`. */
    async moveStatus(id: string, from: PaymentStatus, to: PaymentStatus, tx: DbOrTx = db): Promise<PaymentRow | undefined> {
      const [row] = await tx
        .update(payments)
        .set({ status: to, updatedAt: new Date() })
        .where(and(eq(payments.id, id), eq(payments.status, from)))
        .returning();
      return row;
    },

    async setInvoiceStatus(paymentId: string, status: InvoiceRow['status'], tx: DbOrTx): Promise<void> {
      await tx.update(invoices).set({ status }).where(eq(invoices.paymentId, paymentId));
    },
  };
}
export type AdminPaymentsRepository = ReturnType<typeof createAdminPaymentsRepository>;

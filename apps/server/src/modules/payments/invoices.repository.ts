import { count, desc, eq, type SQL } from 'drizzle-orm';
import { invoices, payments, users } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/db';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = Omit<typeof invoices.$inferInsert, 'id' | 'number' | 'issuedAt' | 'status'>;
/** The invoice with its buyer and the card network of the payment it is for (as the payments list shows it). */
export type InvoiceWithBuyer = InvoiceRow & { buyer: { name: string; email: string }; cardBrand: string | null };
type Page = { limit: number; skip: number };

const withBuyer = { invoice: invoices, buyer: { name: users.name, email: users.email }, cardBrand: payments.cardBrand };

/** The only code in this module that touches the invoices table. */
export function createInvoicesRepository(db: Db) {
  return {
    /** One invoice per payment; a second settlement of the same payment adds nothing. */
    async insertForPayment(values: NewInvoice, tx: DbOrTx = db): Promise<void> {
      await tx.insert(invoices).values(values).onConflictDoNothing({ target: invoices.paymentId });
    },

    async findById(id: string, tx: DbOrTx = db): Promise<InvoiceWithBuyer | undefined> {
      const [row] = await tx
        .select(withBuyer)
        .from(invoices)
        .innerJoin(users, eq(users.id, invoices.userId))
        .innerJoin(payments, eq(payments.id, invoices.paymentId))
        .where(eq(invoices.id, id))
        .limit(1);
      return row ? { ...row.invoice, buyer: row.buyer, cardBrand: row.cardBrand } : undefined;
    },

    /** Newest first; one member's when `userId` is given, everyone's otherwise. */
    async list(page: Page & { userId?: string }, tx: DbOrTx = db): Promise<{ rows: InvoiceWithBuyer[]; count: number }> {
      const where: SQL | undefined = page.userId ? eq(invoices.userId, page.userId) : undefined;
      const rows = await tx
        .select(withBuyer)
        .from(invoices)
        .innerJoin(users, eq(users.id, invoices.userId))
        .innerJoin(payments, eq(payments.id, invoices.paymentId))
        .where(where)
        .orderBy(desc(invoices.issuedAt), desc(invoices.number))
        .limit(page.limit)
        .offset(page.skip);
      const [total] = await tx.select({ n: count() }).from(invoices).where(where);
      return { rows: rows.map((r) => ({ ...r.invoice, buyer: r.buyer, cardBrand: r.cardBrand })), count: total?.n ?? 0 };
    },
  };
}
export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;

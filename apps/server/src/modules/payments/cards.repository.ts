import { and, desc, eq } from 'drizzle-orm';
import { paymentCustomers, paymentMethods } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/db';

export type ProviderName = (typeof paymentMethods.$inferSelect)['provider'];
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type NewPaymentMethod = Omit<typeof paymentMethods.$inferInsert, 'id' | 'createdAt'>;

/** Members' customer profiles and saved cards (only the provider's ids and what is safe to show). */
export function createCardsRepository(db: Db) {
  async function findCustomerProfileId(userId: string, provider: ProviderName, tx: DbOrTx = db): Promise<string | null> {
    const [row] = await tx
      .select({ id: paymentCustomers.customerProfileId })
      .from(paymentCustomers)
      .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)))
      .limit(1);
    return row?.id ?? null;
  }

  /** Records the member's profile; when another request recorded one first, that one wins and is returned. */
  async function saveCustomerProfileId(
    userId: string,
    provider: ProviderName,
    customerProfileId: string,
    tx: DbOrTx = db,
  ): Promise<string> {
    await tx
      .insert(paymentCustomers)
      .values({ userId, provider, customerProfileId })
      .onConflictDoNothing({
        target: [paymentCustomers.userId, paymentCustomers.provider],
      });
    return (await findCustomerProfileId(userId, provider, tx)) ?? customerProfileId;
  }

  const listMethods = (userId: string, provider: ProviderName, tx: DbOrTx = db): Promise<PaymentMethodRow[]> =>
    tx
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.provider, provider)))
      .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id));

  async function findMethod(
    where: { id?: string; paymentProfileId?: string; userId: string; provider: ProviderName },
    tx: DbOrTx = db,
  ): Promise<PaymentMethodRow | undefined> {
    const conditions = [eq(paymentMethods.userId, where.userId), eq(paymentMethods.provider, where.provider)];
    if (where.id) conditions.push(eq(paymentMethods.id, where.id));
    if (where.paymentProfileId) conditions.push(eq(paymentMethods.paymentProfileId, where.paymentProfileId));
    const [row] = await tx
      .select()
      .from(paymentMethods)
      .where(and(...conditions))
      .limit(1);
    return row;
  }

  async function insertMethod(values: NewPaymentMethod, tx: DbOrTx = db): Promise<PaymentMethodRow> {
    const [row] = await tx.insert(paymentMethods).values(values).returning();
    return row!;
  }

  async function deleteMethod(id: string, tx: DbOrTx = db): Promise<void> {
    await tx.delete(paymentMethods).where(eq(paymentMethods.id, id));
  }

  return { findCustomerProfileId, saveCustomerProfileId, listMethods, findMethod, insertMethod, deleteMethod };
}
export type CardsRepository = ReturnType<typeof createCardsRepository>;

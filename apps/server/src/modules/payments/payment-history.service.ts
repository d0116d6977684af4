import type { Payment } from '@cc/contracts';
import type { PaymentsRepository } from './payments.repository';
import { toPaymentDto } from './payments.presenter';

type Page = { limit: number; skip: number };

/** A member's own payments (administrators read everyone's through admin-payments.service). */
export function createPaymentHistoryService({ payments }: { payments: PaymentsRepository }) {
  return {
    async forMember(userId: string, page: Page): Promise<{ items: Payment[]; count: number }> {
      const { rows, count } = await payments.listForUser(userId, page);
      return { items: rows.map(toPaymentDto), count };
    },
  };
}
export type PaymentHistoryService = ReturnType<typeof createPaymentHistoryService>;

import type { AdminPayment, Payment } from '@cc/contracts';
import type { PaymentsRepository, PaymentStatus } from './payments.repository';
import { toAdminPaymentDto, toPaymentDto } from './payments.presenter';

type Page = { limit: number; skip: number };

/** Payments as lists: a member's own history, and everyone's for administrators. */
export function createPaymentHistoryService({ payments }: { payments: PaymentsRepository }) {
  return {
    async forMember(userId: string, page: Page): Promise<{ items: Payment[]; count: number }> {
      const { rows, count } = await payments.listForUser(userId, page);
      return { items: rows.map(toPaymentDto), count };
    },

    async forAdmin(query: Page & { status?: PaymentStatus | undefined }): Promise<{ items: AdminPayment[]; count: number }> {
      const { rows, count } = await payments.listForAdmin(query);
      return { items: rows.map(toAdminPaymentDto), count };
    },
  };
}
export type PaymentHistoryService = ReturnType<typeof createPaymentHistoryService>;

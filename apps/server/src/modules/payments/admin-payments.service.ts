import type { AdminPayment, AdminPaymentDetail, Invoice, List } from '@cc/contracts';
import { notFound } from '../../platform/errors';
import type { SettingsService } from '../system';
import type { Ledger } from '../wallet';
import type { AdminInvoicesFilter, AdminPaymentsFilter, AdminPaymentsRepository } from './admin-payments.repository';
import { toAdminPaymentDetail, toAdminPaymentDto } from './admin-payments.presenter';
import type { InvoicesRepository } from './invoices.repository';
import { toInvoiceDto } from './payments.presenter';

export const PAYMENT_NOT_FOUND = 'That payment does not exist.';

/** Administrators search payments and invoices and open one payment (docs/product.md#payments-for-administrators). */
export function createAdminPaymentsService({
  admin,
  invoices,
  settings,
  ledger,
}: {
  admin: AdminPaymentsRepository;
  invoices: Pick<InvoicesRepository, 'findById'>;
  settings: Pick<SettingsService, 'get'>;
  ledger: Pick<Ledger, 'balanceOf'>;
}) {
  return {
    async listPayments(filter: AdminPaymentsFilter): Promise<List<AdminPayment>> {
      const { rows, count } = await admin.listPayments(filter);
      return { items: rows.map(toAdminPaymentDto), count };
    },

    async listInvoices(filter: AdminInvoicesFilter): Promise<List<Invoice>> {
      const [{ rows, count }, siteName] = await Promise.all([admin.listInvoices(filter), settings.get('siteName')]);
      return { items: rows.map((row) => toInvoiceDto(row, siteName)), count };
    },

    /** One payment, its invoice (as the member sees it) and what its member holds now. */
    async detail(id: string): Promise<AdminPaymentDetail> {
      const row = await admin.findPayment(id);
      if (!row) throw notFound(PAYMENT_NOT_FOUND);
      const [invoice, siteName, balance] = await Promise.all([
        row.invoiceId ? invoices.findById(row.invoiceId) : undefined,
        settings.get('siteName'),
        ledger.balanceOf(row.userId),
      ]);
      return toAdminPaymentDetail(row, invoice ? toInvoiceDto(invoice, siteName) : null, balance);
    },
  };
}
export type AdminPaymentsService = ReturnType<typeof createAdminPaymentsService>;

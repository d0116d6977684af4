import type { Invoice } from '@cc/contracts';
import type { AuthContext } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import type { SettingsService } from '../system';
import type { InvoicesRepository } from './invoices.repository';
import { toInvoiceDto } from './payments.presenter';

type Page = { limit: number; skip: number };

/** Invoices: one per approved payment, printable, seen by their buyer and by administrators. */
export function createInvoicesService({ invoices, settings }: { invoices: InvoicesRepository; settings: Pick<SettingsService, 'get'> }) {
  async function page(query: Page & { userId?: string }): Promise<{ items: Invoice[]; count: number }> {
    const [{ rows, count }, siteName] = await Promise.all([invoices.list(query), settings.get('siteName')]);
    return { items: rows.map((row) => toInvoiceDto(row, siteName)), count };
  }

  return {
    listForMember: (userId: string, query: Page) => page({ ...query, userId }),

    listAll: (query: Page) => page(query),

    /** Someone else's invoice answers 404, so its existence is not revealed either. */
    async get(auth: AuthContext, id: string): Promise<Invoice> {
      const row = await invoices.findById(id);
      if (!row || (row.userId !== auth.user.id && auth.user.role !== 'admin')) throw notFound('That invoice does not exist.');
      return toInvoiceDto(row, await settings.get('siteName'));
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;

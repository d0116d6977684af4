import { adminPaymentRoutes, paymentRoutes, type Invoice, type Payment, type RouteAnswer } from '@cc/contracts';
import { isApiError } from '../../../../shared/api/apiError';
import { baseApi } from '../../../../shared/api/baseApi';
import { routeRequest } from '../../../../shared/api/routeRequest';

export type PaymentStatusFilter = Payment['status'] | 'all';
export type InvoiceStatusFilter = Invoice['status'] | 'all';
/** What the address holds: text, status and a range of days ('' when unset). */
export type MoneyFilters<S> = { q: string; status: S; from: string; to: string };
type Page = { limit: number; skip: number };

/**
 * Administrators' payments and invoices (docs/product.md#refunds-and-chargebacks): search, one
 * payment, refund and chargeback. 'AdminPayments' and 'AdminInvoices' are the lists adminApi also
 * provides (the overview reads them); 'AdminUsers' shows balances; 'AdminAudit' is the log, where
 * each reversal writes a row.
 */
const adminPaymentsBase = baseApi.enhanceEndpoints({
  addTagTypes: ['AdminPayments', 'AdminInvoices', 'AdminPayment', 'AdminUsers', 'AdminEntries', 'AdminAudit'],
});

const filtersQuery = <S extends string>({ q, status, from, to }: MoneyFilters<S>) => ({
  ...(q ? { q } : {}),
  ...(status === 'all' ? {} : { status }),
  ...(from ? { from } : {}),
  ...(to ? { to } : {}),
});

/** A reversal went through: everything showing that payment, its invoice, its member's balance and the log. A 409 means the screen is out of date. */
function reversed(result: unknown, error: unknown) {
  if (result) return ['AdminPayments', 'AdminInvoices', 'AdminPayment', 'AdminUsers', 'AdminEntries', 'AdminAudit'] as const;
  return isApiError(error) && error.status === 409 ? (['AdminPayments', 'AdminPayment'] as const) : [];
}

export const adminPaymentsApi = adminPaymentsBase.injectEndpoints({
  endpoints: (build) => ({
    searchAdminPayments: build.query<RouteAnswer<typeof paymentRoutes.adminPayments>, MoneyFilters<PaymentStatusFilter> & Page>({
      query: ({ limit, skip, ...filters }) =>
        routeRequest(paymentRoutes.adminPayments, { query: { limit, skip, ...filtersQuery(filters) } }),
      providesTags: ['AdminPayments'],
    }),
    searchAdminInvoices: build.query<RouteAnswer<typeof paymentRoutes.adminInvoices>, MoneyFilters<InvoiceStatusFilter> & Page>({
      query: ({ limit, skip, ...filters }) =>
        routeRequest(paymentRoutes.adminInvoices, { query: { limit, skip, ...filtersQuery(filters) } }),
      providesTags: ['AdminInvoices'],
    }),
    adminPaymentDetail: build.query<RouteAnswer<typeof adminPaymentRoutes.detail>, string>({
      query: (id) => routeRequest(adminPaymentRoutes.detail, { params: { id } }),
      providesTags: ['AdminPayment'],
    }),
    /** `tokens`: a part of the payment (tokens); left out, all of it. */
    refundPayment: build.mutation<RouteAnswer<typeof adminPaymentRoutes.refund>, { id: string; reason: string; tokens?: number }>({
      query: ({ id, reason, tokens }) =>
        routeRequest(adminPaymentRoutes.refund, { params: { id }, body: { reason, ...(tokens === undefined ? {} : { tokens }) } }),
      invalidatesTags: (result, error) => [...reversed(result, error)],
    }),
    recordChargeback: build.mutation<RouteAnswer<typeof adminPaymentRoutes.chargeback>, { id: string; reason: string }>({
      query: ({ id, reason }) => routeRequest(adminPaymentRoutes.chargeback, { params: { id }, body: { reason } }),
      invalidatesTags: (result, error) => [...reversed(result, error)],
    }),
  }),
});

export const {
  useSearchAdminPaymentsQuery,
  useSearchAdminInvoicesQuery,
  useAdminPaymentDetailQuery,
  useRefundPaymentMutation,
  useRecordChargebackMutation,
} = adminPaymentsApi;

import { usdCentsToDollars, formatInvoiceNumber, type Invoice, type Payment, type SavedCard, type TokenPackage } from '@cc/contracts';
import type { PaymentMethodRow } from './cards.repository';
import type { InvoiceWithBuyer } from './invoices.repository';
import type { PackageRow } from './packages.repository';
import type { ListedPayment } from './payments.repository';

/**
 * Explicit allow-lists: provider ids, idempotency keys and ledger ids stay on the server. Tokens stay
 * hundredths here (the answer schema sends them as tokens); US prices go out in cents and dollars.
 */

export const toTokenPackageDto = (row: PackageRow): TokenPackage => ({
  _id: row.id,
  name: row.name,
  tokens: row.tokens,
  priceCents: row.priceCents,
  price: usdCentsToDollars(row.priceCents),
  ordering: row.ordering,
  active: row.active,
});

export const toPaymentDto = (row: ListedPayment): Payment => ({
  _id: row.id,
  status: row.status,
  packageName: row.packageName,
  tokens: row.tokens,
  amountCents: row.amountCents,
  amount: usdCentsToDollars(row.amountCents),
  cardLast4: row.cardLast4,
  cardBrand: row.cardBrand,
  failureMessage: row.failureMessage,
  invoiceId: row.invoiceId,
  refundedCents: row.refundedCents,
  refundedTokens: row.refundedTokens,
  createdAt: row.createdAt.toISOString(),
});

export const toInvoiceDto = (row: InvoiceWithBuyer, siteName: string): Invoice => ({
  _id: row.id,
  number: formatInvoiceNumber(row.number),
  issuedAt: row.issuedAt.toISOString(),
  packageName: row.packageName,
  tokens: row.tokens,
  amountCents: row.amountCents,
  amount: usdCentsToDollars(row.amountCents),
  cardLast4: row.cardLast4,
  cardBrand: row.cardBrand,
  status: row.status,
  buyer: row.buyer,
  seller: { siteName },
});

export const toSavedCardDto = (row: PaymentMethodRow): SavedCard => ({
  _id: row.id,
  cardLast4: row.cardLast4,
  cardBrand: row.cardBrand,
  expiry: row.expiry,
});

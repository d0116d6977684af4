/**
 * The compact reference a payment carries at the provider, as refId and order.invoiceNumber (both at
 * most 20 characters): the first 20 hex digits of the payment's id. 80 random bits make a clash
 * practically impossible, and a webhook or a reconciliation that names it finds the payment through
 * the primary key, as a range of ids.
 */
export const paymentReference = (paymentId: string) => paymentId.replace(/-/g, '').slice(0, 20);

/** The ids whose reference is `reference`; null when it cannot be one of ours. */
export function referenceRange(reference: string): { from: string; to: string } | null {
  if (!/^[0-9a-f]{20}$/i.test(reference)) return null;
  const r = reference.toLowerCase();
  const prefix = `${r.slice(0, 8)}-${r.slice(8, 12)}-${r.slice(12, 16)}-${r.slice(16, 20)}`;
  return { from: `${prefix}-000000000000`, to: `${prefix}-ffffffffffff` };
}

/** Our compact id for a member at the provider (merchantCustomerId, at most 20 characters). */
export const customerReference = (userId: string) => userId.replace(/-/g, '').slice(0, 20);

export const adminPaymentPaths = {
  detail: { method: 'GET', path: '/admin/payments/:id' },
  refund: { method: 'POST', path: '/admin/payments/:id/refund' },
  chargeback: { method: 'POST', path: '/admin/payments/:id/chargeback' },
} as const;

export const payoutsPaths = {
  account: { method: 'GET', path: '/payout-account/' },
  saveAccount: { method: 'POST', path: '/payout-account/' },
  requests: { method: 'GET', path: '/payout-request' },
  request: { method: 'POST', path: '/payout-request' },
  adminList: { method: 'GET', path: '/admin/payout-requests' },
  approve: { method: 'POST', path: '/admin/payout-requests/:id/approve' },
  markPaid: { method: 'POST', path: '/admin/payout-requests/:id/pay' },
  reject: { method: 'POST', path: '/admin/payout-requests/:id/reject' },
} as const;

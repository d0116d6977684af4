export const walletPaths = {
  balance: { method: 'GET', path: '/wallet' },
  statement: { method: 'GET', path: '/wallet/entries' },
  earnings: { method: 'GET', path: '/earning' },
  tip: { method: 'POST', path: '/share-love/create' },
  adjustBalance: { method: 'POST', path: '/admin/users/:id/adjust-balance' },
  memberStatement: { method: 'GET', path: '/admin/users/:id/entries' },
  ledgerCheck: { method: 'GET', path: '/admin/ledger/check' },
} as const;

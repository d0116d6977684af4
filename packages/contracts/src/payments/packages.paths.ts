export const packagePaths = {
  onSale: { method: 'GET', path: '/token-package' },
  all: { method: 'GET', path: '/admin/token-packages' },
  create: { method: 'POST', path: '/admin/token-packages' },
  update: { method: 'PUT', path: '/admin/token-packages/:id' },
  retire: { method: 'DELETE', path: '/admin/token-packages/:id' },
} as const;

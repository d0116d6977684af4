export const itemsPaths = {
  create: { method: 'POST', path: '/sell-item' },
  ofModel: { method: 'GET', path: '/sell-item/model' },
  mine: { method: 'GET', path: '/sell-item/me' },
  update: { method: 'PUT', path: '/sell-item/:id' },
  remove: { method: 'DELETE', path: '/sell-item/:id' },
  preview: { method: 'GET', path: '/sell-item/:id/preview' },
  purchases: { method: 'GET', path: '/purchase-item' },
  purchase: { method: 'POST', path: '/purchase-item' },
  hidePurchase: { method: 'DELETE', path: '/purchase-item/:id' },
  download: { method: 'GET', path: '/purchase-item/:id/download/' },
} as const;

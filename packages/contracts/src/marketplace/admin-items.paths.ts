export const adminItemPaths = {
  list: { method: 'GET', path: '/admin/sell-items' },
  hide: { method: 'POST', path: '/admin/sell-items/:id/hide' },
  restore: { method: 'POST', path: '/admin/sell-items/:id/restore' },
} as const;

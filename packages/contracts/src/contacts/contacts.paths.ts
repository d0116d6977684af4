export const contactPaths = {
  list: { method: 'GET', path: '/contact' },
  get: { method: 'GET', path: '/contact/:id' },
  add: { method: 'POST', path: '/contact' },
  remove: { method: 'DELETE', path: '/contact/:id' },
  invite: { method: 'POST', path: '/newsletter/invite' },
} as const;

export const pushPaths = {
  key: { method: 'GET', path: '/push/key' },
  subscribe: { method: 'POST', path: '/push/subscriptions' },
  unsubscribe: { method: 'DELETE', path: '/push/subscriptions' },
} as const;

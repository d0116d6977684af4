export const outboxPaths = {
  list: { method: 'GET', path: '/admin/outbox' },
} as const;

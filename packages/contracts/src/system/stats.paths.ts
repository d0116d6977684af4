export const adminStatsPaths = {
  get: { method: 'GET', path: '/admin/stats' },
} as const;

export const adminEarningPaths = {
  list: { method: 'GET', path: '/admin/earnings' },
} as const;

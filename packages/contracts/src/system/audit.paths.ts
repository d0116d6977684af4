export const auditPaths = {
  list: { method: 'GET', path: '/admin/audit' },
} as const;

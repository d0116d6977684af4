export const adminCallPaths = {
  list: { method: 'GET', path: '/admin/calls' },
  end: { method: 'POST', path: '/admin/calls/:id/end' },
} as const;

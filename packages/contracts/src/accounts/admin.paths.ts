export const accountAdminPaths = {
  models: { method: 'GET', path: '/admin/models' },
  approveModel: { method: 'POST', path: '/admin/models/:id/approve' },
  refuseModel: { method: 'POST', path: '/admin/models/:id/refuse' },
  users: { method: 'GET', path: '/admin/users' },
  suspendUser: { method: 'POST', path: '/admin/users/:id/suspend' },
  reactivateUser: { method: 'POST', path: '/admin/users/:id/reactivate' },
  makeAdmin: { method: 'POST', path: '/admin/users/:id/make-admin' },
  removeAdmin: { method: 'POST', path: '/admin/users/:id/remove-admin' },
} as const;

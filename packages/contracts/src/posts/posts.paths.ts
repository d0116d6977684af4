export const postsPaths = {
  list: { method: 'GET', path: '/posts' },
  get: { method: 'GET', path: '/posts/:id' },
  adminList: { method: 'GET', path: '/admin/posts' },
  adminGet: { method: 'GET', path: '/admin/posts/:id' },
  create: { method: 'POST', path: '/admin/posts' },
  update: { method: 'PUT', path: '/admin/posts/:id' },
  publish: { method: 'POST', path: '/admin/posts/:id/publish' },
  unpublish: { method: 'POST', path: '/admin/posts/:id/unpublish' },
  remove: { method: 'DELETE', path: '/admin/posts/:id' },
  uploadCover: { method: 'POST', path: '/admin/posts/cover', upload: true },
} as const;

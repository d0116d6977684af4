export const menuPaths = {
  section: { method: 'GET', path: '/menus/sections/:section' },
  adminList: { method: 'GET', path: '/admin/menus' },
  create: { method: 'POST', path: '/admin/menus' },
  reorder: { method: 'PUT', path: '/admin/menus/reorder' },
  update: { method: 'PUT', path: '/admin/menus/:id' },
  remove: { method: 'DELETE', path: '/admin/menus/:id' },
} as const;

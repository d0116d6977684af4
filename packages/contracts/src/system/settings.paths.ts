export const settingsPaths = {
  get: { method: 'GET', path: '/admin/settings' },
  update: { method: 'PUT', path: '/admin/settings' },
  uploadFavicon: { method: 'POST', path: '/admin/settings/favicon', upload: true },
} as const;

export const healthPaths = {
  check: { method: 'GET', path: '/health' },
} as const;

export const filePaths = {
  download: { method: 'GET', path: '/files/:id' },
  downloadNamed: { method: 'GET', path: '/files/:id/:name' },
} as const;

export const systemPaths = {
  publicConfig: { method: 'GET', path: '/system/configs/public' },
  configKeys: { method: 'POST', path: '/system/configs/keys' },
  footerScript: { method: 'GET', path: '/system/footer-script.js' },
  manifest: { method: 'GET', path: '/system/manifest.webmanifest' },
} as const;

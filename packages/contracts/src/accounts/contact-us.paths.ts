export const contactUsPaths = {
  send: { method: 'POST', path: '/contact-us' },
} as const;

export const adminContactPaths = {
  list: { method: 'GET', path: '/admin/contact-messages' },
  handle: { method: 'POST', path: '/admin/contact-messages/:id/handle' },
  reopen: { method: 'POST', path: '/admin/contact-messages/:id/reopen' },
} as const;

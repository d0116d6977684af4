export const conversationPaths = {
  list: { method: 'GET', path: '/conversation' },
  start: { method: 'POST', path: '/conversation' },
  totalUnread: { method: 'GET', path: '/conversation/total-unread-message' },
  get: { method: 'GET', path: '/conversation/:id' },
  hide: { method: 'DELETE', path: '/conversation/:id' },
  block: { method: 'POST', path: '/conversation/:id/block' },
  unblock: { method: 'POST', path: '/conversation/:id/unblock' },
  recipient: { method: 'GET', path: '/conversation/:id/recipient' },
  read: { method: 'POST', path: '/conversation/:id/read' },
} as const;

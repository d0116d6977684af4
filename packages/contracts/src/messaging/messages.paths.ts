export const messagePaths = {
  latest: { method: 'GET', path: '/messages/latest' },
  list: { method: 'GET', path: '/messages/:conversationId' },
  send: { method: 'POST', path: '/messages' },
  remove: { method: 'DELETE', path: '/messages/:id' },
  bookmark: { method: 'POST', path: '/messages/bookmark' },
  removeBookmark: { method: 'DELETE', path: '/messages/bookmark/:id' },
  searchBookmarks: { method: 'GET', path: '/messages/bookmark/search' },
} as const;

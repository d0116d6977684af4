export const notificationPaths = {
  list: { method: 'GET', path: '/notifications' },
  unreadList: { method: 'GET', path: '/notifications/unread/list' },
  unreadCount: { method: 'GET', path: '/notifications/unread/count' },
  readAll: { method: 'PUT', path: '/notifications/read/all' },
  read: { method: 'PUT', path: '/notifications/read/:id' },
} as const;

export const directoryPaths = {
  findByUsername: { method: 'GET', path: '/users/findByUsername/:username' },
  search: { method: 'GET', path: '/users/search' },
  searchFriends: { method: 'GET', path: '/users/search-friend' },
} as const;

export const profilePaths = {
  me: { method: 'GET', path: '/users/me' },
  updateProfile: { method: 'PUT', path: '/users/updateProfile' },
  avatar: { method: 'POST', path: '/users/avatar', upload: true },
  updatePassword: { method: 'POST', path: '/users/updatePassword' },
  submitDocument: { method: 'POST', path: '/users/document', upload: true },
  accountCodeStatus: { method: 'GET', path: '/users/otp/' },
  accountCode: { method: 'POST', path: '/users/otp/' },
  deactivate: { method: 'PUT', path: '/users/deactivate' },
  tokenPerMessage: { method: 'PUT', path: '/users/token-per-message' },
} as const;

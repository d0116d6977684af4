export const authPaths = {
  register: { method: 'POST', path: '/auth/register' },
  verifyEmail: { method: 'POST', path: '/auth/verify/code' },
  resendVerification: { method: 'POST', path: '/auth/verify/resend' },
  login: { method: 'POST', path: '/auth/login' },
  logout: { method: 'POST', path: '/auth/logout' },
  forgotPassword: { method: 'POST', path: '/auth/forgot' },
  resetPassword: { method: 'POST', path: '/auth/reset' },
} as const;

export const callPaths = {
  initiate: { method: 'POST', path: '/masked-call/initiate' },
  status: { method: 'GET', path: '/masked-call/status/:id' },
  history: { method: 'GET', path: '/masked-call/history' },
  voiceToken: { method: 'GET', path: '/call/webrtc/token' },
  charge: { method: 'POST', path: '/masked-call/charge/:id' },
  setRate: { method: 'PUT', path: '/masked-call/rate' },
  settings: { method: 'GET', path: '/masked-call/settings' },
  updateSettings: { method: 'PUT', path: '/masked-call/settings' },
  accept: { method: 'POST', path: '/masked-call/accept/:id' },
  decline: { method: 'POST', path: '/masked-call/decline/:id' },
  end: { method: 'POST', path: '/masked-call/end/:id' },
} as const;

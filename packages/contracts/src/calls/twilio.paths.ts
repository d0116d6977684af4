export const twilioPaths = {
  voice: { method: 'POST', path: '/twilio/voice' },
  callStatus: { method: 'POST', path: '/twilio/call-status/:callId' },
  conference: { method: 'POST', path: '/twilio/conference/:callId' },
} as const;

/**
 * Where Twilio reaches us. The TwiML app's Voice URL is set to `{PUBLIC_URL}/api/twilio/voice` in
 * Twilio's console; the two status callbacks are named per call in what we send Twilio.
 */
export const TWILIO_WEBHOOK_PATHS = {
  voice: '/api/twilio/voice',
  callStatus: (callId: string) => `/api/twilio/call-status/${encodeURIComponent(callId)}`,
  conference: (callId: string) => `/api/twilio/conference/${encodeURIComponent(callId)}`,
} as const;

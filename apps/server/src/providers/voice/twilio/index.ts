export { createTwilioProvider } from './provider';
export { twilioSignature, isValidTwilioSignature, type FormParams } from './signature';
export { identityForUser, userIdFromIdentity } from './identity';
export { conferenceTwiml, rejectTwiml, emptyTwiml } from './twiml';
export { TWILIO_WEBHOOK_PATHS } from './paths';
export { ACCESS_TOKEN_TTL_SECONDS } from './access-token';
export { TwilioApiError } from './rest';

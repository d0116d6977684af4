import { CALL_MESSAGES } from '@cc/contracts';
import type { VoiceToken } from '../api/callsApi';

/** A voice token is a JWT: three dot-separated parts (docs/product.md#call-modal). */
export const isJwt = (token: string): boolean => token.split('.').length === 3 && token.split('.').every(Boolean);

/** The token answer, or an error in the spec's words: 'API request failed' for the request, and a token that is not a JWT refused. */
export async function fetchVoiceToken(fetchToken: () => Promise<VoiceToken>): Promise<VoiceToken> {
  let token;
  try {
    token = await fetchToken();
  } catch {
    throw new Error(CALL_MESSAGES.tokenRequestFailed);
  }
  if (!isJwt(token.token)) throw new Error('The voice token is not a JWT');
  return token;
}

import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';

/**
 * A Twilio access token for the Voice JS SDK: a JWT signed HS256 with an API key's secret, whose
 * header says `cty: twilio-fpa;v=1`, issued by the API key (iss) for the account (sub), with the
 * identity and a VoiceGrant under `grants` (Twilio "Access Tokens"). The member only dials out, so
 * incoming calls are not allowed. Written with jose rather than the `twilio` package: the token is
 * a few claims, and the package is large.
 */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;

export type AccessTokenInput = {
  accountSid: string;
  apiKeySid: string;
  apiKeySecret: string;
  twimlAppSid: string;
  identity: string;
  ttlSeconds?: number;
  now?: Date;
};

export async function createVoiceAccessToken(input: AccessTokenInput): Promise<string> {
  const issuedAt = Math.floor((input.now ?? new Date()).getTime() / 1000);
  const ttl = Math.min(input.ttlSeconds ?? ACCESS_TOKEN_TTL_SECONDS, ACCESS_TOKEN_TTL_SECONDS);
  return (
    new SignJWT({
      grants: {
        identity: input.identity,
        voice: { incoming: { allow: false }, outgoing: { application_sid: input.twimlAppSid } },
      },
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', cty: 'twilio-fpa;v=1' })
      // Twilio's own tokens name the key and a unique suffix in jti.
      .setJti(`${input.apiKeySid}-${issuedAt}-${randomBytes(8).toString('hex')}`)
      .setIssuer(input.apiKeySid)
      .setSubject(input.accountSid)
      .setIssuedAt(issuedAt)
      .setNotBefore(issuedAt)
      .setExpirationTime(issuedAt + ttl)
      .sign(new TextEncoder().encode(input.apiKeySecret))
  );
}

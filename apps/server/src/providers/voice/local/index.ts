import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import type { IceServer, VoiceProvider } from '../types';

/** A device token lives one hour; the browser asks for a new one for each call (docs/product.md#calls). */
const DEVICE_TOKEN_TTL_S = 60 * 60;

/**
 * The in-app softphone (docs/product.md#calls): nothing to place or hang up at a carrier. The
 * calls service's `call:incoming` event rings the model's signed-in browser, and the audio is
 * WebRTC between the two browsers, signalled over Socket.IO. The device token is a JWT signed with a
 * key derived from (never equal to) the session key, so it cannot pass for a sign-in token.
 */
export function createLocalVoiceProvider(opts: { jwtSecret: string; iceServers: IceServer[] }): VoiceProvider {
  const key = createHmac('sha256', opts.jwtSecret).update('voice:local-device-token').digest();
  return {
    name: 'local',
    async deviceToken({ userId }) {
      const token = await new SignJWT({ scope: 'voice' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${DEVICE_TOKEN_TTL_S}s`)
        .sign(key);
      return { token, identity: userId, iceServers: opts.iceServers };
    },
    async ringModel() {
      return { callSid: null };
    },
    async hangUp() {},
  };
}

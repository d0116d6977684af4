import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Codes and reset tokens are stored only as keyed hashes: a leaked table reveals nothing usable,
 * and the server secret (pepper) keeps 6-digit codes from being brute-forced offline.
 */
export const keyedHash = (pepper: string, purpose: string, value: string) =>
  createHmac('sha256', pepper).update(`${purpose}:${value}`).digest('hex');

export const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const sixDigitCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** 32 random bytes: long enough that a reset link cannot be guessed. */
export const resetToken = () => randomBytes(32).toString('base64url');

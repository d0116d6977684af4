import type { FastifyRequest } from 'fastify';

/**
 * Per-route limits, written as `config: { rateLimit: ctx.rateLimit(5, '1 minute') }`.
 * RATE_LIMIT_SCALE lets a benchmark raise them; production keeps 1.
 */
export type RateLimitRule = { max: number; timeWindow: string; keyGenerator?: (request: FastifyRequest) => string };
export type RateLimitFactory = (max: number, timeWindow: string, keyGenerator?: (request: FastifyRequest) => string) => RateLimitRule;

export const rateLimitFactory =
  (scale: number): RateLimitFactory =>
  (max, timeWindow, keyGenerator) => ({ max: Math.max(1, Math.round(max * scale)), timeWindow, ...(keyGenerator ? { keyGenerator } : {}) });

/** Keys a limit on the caller's address and the e-mail in the body, so one attacker cannot lock out everyone behind a NAT. */
export const byIpAndEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `${request.ip}|${typeof email === 'string' ? email.toLowerCase() : ''}`;
};

/** Keys a limit on the signed-in member, falling back to the address. */
export const byUser = (request: FastifyRequest) => request.auth?.user.id ?? request.ip;

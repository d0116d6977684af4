import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

/** Query parameters that carry secrets (the socket's access token, reset links). */
const SECRET_QUERY = /([?&](?:token|access_token|accessToken|code|verifyCode)=)[^&\s]*/gi;

export const redactUrl = (url: string | undefined) => (url ?? '').replace(SECRET_QUERY, '$1[redacted]');

/**
 * Structured logs with secrets removed: authorization headers, cookies, bodies are never logged,
 * and secret query parameters are masked in every logged URL.
 */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  if (level === 'silent' && !stream) return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.token',
        '*.verifyCode',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
        id: req.id,
      }),
    },
  };
}

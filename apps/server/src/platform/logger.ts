import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
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

/**
 * One line per request, at `debug`: a server started with the default `LOG_LEVEL=info` prints what
 * an operator needs (start-up, warnings, errors) without a line per request burying it;
 * `LOG_LEVEL=debug` shows every request (docs/architecture.md#logging). A request that failed with
 * an error is still logged at `error`.
 */
export class RequestLogAtDebug extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime) };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.debug(line, 'request completed');
  }
}

import { ErrorCode } from '@cc/contracts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable, isTransactionConflict } from './db';

/** An error a person should read. Anything else becomes a 500 that leaks nothing. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string, details?: unknown) => new AppError(422, ErrorCode.VALIDATION_FAILED, msg, details);
export const unauthenticated = (msg = 'Please sign in to continue.', details?: unknown) =>
  new AppError(401, ErrorCode.UNAUTHENTICATED, msg, details);
export const forbidden = (msg = 'You are not allowed to do that.', code: string = ErrorCode.FORBIDDEN) => new AppError(403, code, msg);
export const notFound = (msg = 'Not found.') => new AppError(404, ErrorCode.NOT_FOUND, msg);
export const conflict = (msg: string, code: string = ErrorCode.CONFLICT) => new AppError(409, code, msg);

/**
 * What a request that met an unreachable database or Redis is told: a 503 with Retry-After. Nothing
 * it started was kept (a cut transaction rolls back), and a retry with the same idempotency key is
 * done once (docs/product.md#idempotency), so trying again is always safe.
 */
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';

/** ioredis' errors when its connection is down: retries for the command used up, or the client closed. */
const isRedisUnreachable = (error: { name?: unknown; message?: unknown }) =>
  error.name === 'MaxRetriesPerRequestError' ||
  (typeof error.message === 'string' && /^Connection is closed\.|^Stream isn't writeable/.test(error.message));

function unreachableDependency(error: unknown): 'database' | 'redis' | undefined {
  if (isDatabaseUnreachable(error)) return 'database';
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (isRedisUnreachable(current as { name?: unknown })) return 'redis';
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The innermost error's code and message: the driver's own words, without the wrapper's SQL. */
function reasonOf(error: unknown): string {
  let current = error as { code?: unknown; message?: unknown; cause?: unknown };
  for (let depth = 0; current.cause && depth < 5; depth++) current = current.cause as typeof current;
  return [typeof current.code === 'string' ? current.code : null, typeof current.message === 'string' ? current.message : null]
    .filter(Boolean)
    .join(': ');
}

/**
 * The one shape of an error answer (docs/product.md, "On the wire"): `message` repeats `msg` because
 * older clients of this product family (xChat) read `message`.
 */
export function errorBody(code: string, msg: string, details?: unknown) {
  return { code, msg, message: msg, ...(details ? { details } : {}) };
}

type ZodIssueLike = { path?: PropertyKey[]; message: string };

/** Fields and their first message, and one sentence naming the first problem. */
function describeIssues(issues: ZodIssueLike[], context: string) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = (issue.path ?? []).map(String).join('.') || context;
    fields[key] ??= issue.message;
  }
  const first = issues[0];
  const where = first?.path?.length ? `${first.path.map(String).join('.')}: ` : '';
  return { msg: first ? `${where}${first.message}` : 'The request is not valid.', fields };
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const retryAfter = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
      if (typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
      return reply.status(error.status).send(errorBody(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: (v.instancePath || '').split('/').filter(Boolean),
        message: v.message ?? 'is not valid',
      }));
      const { msg, fields } = describeIssues(issues, error.validationContext ?? 'body');
      return reply.status(422).send(errorBody(ErrorCode.VALIDATION_FAILED, msg, { fields }));
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 400) {
      return reply.status(422).send(errorBody(ErrorCode.VALIDATION_FAILED, 'The request body is not valid JSON.'));
    }
    if (error.statusCode === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT') {
      return reply.status(413).send(errorBody(ErrorCode.PAYLOAD_TOO_LARGE, 'The upload is too large.'));
    }
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send(errorBody(ErrorCode.RATE_LIMITED, error.message || 'Too many requests. Please wait a moment and try again.'));
    }
    if (error.statusCode && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody(ErrorCode.VALIDATION_FAILED, error.message));
    }
    const dependency = unreachableDependency(error);
    if (dependency) {
      // Said once, plainly: the driver's error wraps the statement and its values, which stay out of the logs.
      request.log.warn({ dependency, reason: reasonOf(error) }, `${dependency} unreachable, answered 503`);
      return reply.status(503).header('retry-after', '1').send(errorBody(ErrorCode.UNAVAILABLE, UNAVAILABLE_MESSAGE));
    }
    if (isTransactionConflict(error)) {
      // Two requests crossed on the same rows and the database rolled one back: not a bug, and the
      // same request succeeds when tried again (docs/operations.md#when-the-database-or-redis-goes-away).
      request.log.warn({ reason: reasonOf(error) }, 'transaction conflict, answered 503');
      return reply.status(503).header('retry-after', '1').send(errorBody(ErrorCode.UNAVAILABLE, UNAVAILABLE_MESSAGE));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(ErrorCode.INTERNAL, 'Something went wrong on our side. Please try again.'));
  });
}

/** Unknown API routes answer the error envelope; with `pageFallback`, page requests get the web app. */
export function registerNotFoundHandler(app: FastifyInstance, pageFallback?: (reply: FastifyReply) => FastifyReply) {
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' && !url.startsWith('/api') && !url.startsWith('/socket.io') && !/\.[a-z0-9]+$/i.test(url);
    if (pageFallback && wantsPage) return pageFallback(reply);
    return reply.status(404).send(errorBody(ErrorCode.NOT_FOUND, `No route ${request.method} ${url}.`));
  });
}

export { describeIssues };

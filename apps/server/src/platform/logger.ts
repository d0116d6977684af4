import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { stdSerializers, type DestinationStream } from 'pino';

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
      err: serializeError,
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
 * A failed query carries its SQL and parameters (drizzle's DrizzleQueryError writes both into its
 * message and stack), and the database's error quotes values back (`Key (email)=(…)`,
 * `invalid input syntax for type integer: "…"`): a password hash, a member's message. The log keeps
 * what an operator needs — the SQL with its `$n` placeholders, the SQLSTATE code, the constraint,
 * table and column, the stack — and none of the values (docs/architecture.md#logging).
 */
export function serializeError(error: unknown) {
  return stdSerializers.err(withoutQueryValues(error) as Error);
}

type QueryError = Error & { query: string; params: unknown };
type DatabaseError = Error & Record<string, unknown> & { code: string };

/** What a database error may say: where it happened, never what it was given. */
const DATABASE_FIELDS = ['code', 'severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'] as const;

const isQueryError = (error: Error): error is QueryError => 'params' in error && typeof (error as QueryError).query === 'string';
/** pg's and PGlite's DatabaseError: a SQLSTATE code beside the server's severity. */
const isDatabaseError = (error: Error): error is DatabaseError =>
  typeof (error as DatabaseError).code === 'string' && typeof (error as DatabaseError).severity === 'string';

/** Words after which PostgreSQL quotes a name, not a value: `relation "users"`, `constraint "users_email_key"`. */
const NAME_BEFORE_QUOTE =
  /\b(?:relation|constraint|column|table|index|type|schema|function|encoding|database|role|sequence|trigger|operator|extension|view|domain|collation|parameter|savepoint|cursor|statement|of)\s+$/i;

/** A database message with the values it quotes masked: `…for type integer: "[redacted]"`. */
export function maskQuotedValues(message: string): string {
  return message.replace(/"[^"]*"/g, (quoted, offset: number) =>
    NAME_BEFORE_QUOTE.test(message.slice(Math.max(0, offset - 40), offset)) ? quoted : '"[redacted]"',
  );
}

/** SQL text with its string literals masked: values are sent as `$n` parameters, but a literal may be inlined. */
const maskLiterals = (query: string) => query.replace(/'(?:[^']|'')*'/g, "'[redacted]'");

/** The same stack frames under a new first line (the stack repeats the message it was made with). */
function restack(error: Error, header: string) {
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return [header, ...frames].join('\n');
}

/** A copy of `error` of the same class, with the given message, fields and cause instead of its own. */
function rebuilt(error: Error, message: string, fields: Record<string, unknown>, cause: unknown): Error {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  Object.defineProperty(copy, 'message', { value: message, enumerable: false, writable: true, configurable: true });
  Object.defineProperty(copy, 'stack', {
    value: restack(error, `${error.name}: ${message}`),
    enumerable: false,
    writable: true,
    configurable: true,
  });
  Object.assign(copy, fields);
  if (cause !== undefined) Object.defineProperty(copy, 'cause', { value: cause, enumerable: false, writable: true, configurable: true });
  return copy;
}

/** The error and its causes with every query parameter and quoted value taken out; other errors come back as they are. */
export function withoutQueryValues(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 8) return error;
  const cause = (error as { cause?: unknown }).cause;
  const cleanCause = withoutQueryValues(cause, depth + 1);
  // PGlite's database error carries the query and its parameters too: checked first, only its fields kept.
  if (isDatabaseError(error)) {
    const fields = Object.fromEntries(DATABASE_FIELDS.filter((key) => error[key] !== undefined).map((key) => [key, error[key]]));
    return rebuilt(error, maskQuotedValues(error.message), fields, cleanCause);
  }
  if (isQueryError(error)) {
    // The driver's error is the cause: its code and constraint are lifted beside the SQL, where a reader looks.
    const database = cause instanceof Error && isDatabaseError(cause) ? cause : undefined;
    const lifted = Object.fromEntries(DATABASE_FIELDS.filter((key) => database?.[key] !== undefined).map((key) => [key, database![key]]));
    return rebuilt(error, `Failed query: ${maskLiterals(error.query)}`, { ...lifted, query: maskLiterals(error.query) }, cleanCause);
  }
  if (cleanCause === cause) return error;
  // An error of ours wrapping a failed query: the same error, over the cleaned cause.
  const fields = Object.fromEntries(Object.entries(error).filter(([key]) => key !== 'cause'));
  return rebuilt(error, error.message, fields, cleanCause);
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

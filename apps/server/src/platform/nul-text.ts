import { ErrorCode } from '@cc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, describeIssues } from './errors';

/**
 * PostgreSQL text and jsonb cannot hold the NUL character, so a NUL that reached a query would
 * fail it with a 500. Every request is checked at the edge instead: a JSON body or a query string
 * carrying one is refused with 422 naming the field, before any handler runs
 * (docs/product.md#wire). Fields whose schema refuses NUL itself answer with their own sentence.
 */
export const NUL_MESSAGE = 'Text cannot contain the NUL character (\\u0000).';

/** The JSON escape `\u0000` that is not itself escaped (an even run of backslashes before it). */
const JSON_NUL = /(?:^|[^\\])(?:\\\\)*\\u0000/;

/** Raw JSON cannot hold a bare NUL in a string (JSON.parse refuses control characters), so the escape is the only way in. */
export const jsonHasNul = (text: string) => text.includes('\\u0000') && JSON_NUL.test(text);

/** Where NULs sit in a parsed value: `['text']`, `['bankInfo', 'iban']`. */
function nulPaths(value: unknown, path: string[] = [], found: string[][] = []): string[][] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path);
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) nulPaths(inner, [...path, key], found);
  }
  return found;
}

const bodiesWithNul = new WeakSet<FastifyRequest>();

/** Call from the JSON parser with the raw text, before parsing. */
export function noteJsonBody(request: FastifyRequest, text: string) {
  if (jsonHasNul(text)) bodiesWithNul.add(request);
}

export function refuseNulText(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    const queryNul = request.url.includes('%00');
    if (!queryNul && !bodiesWithNul.has(request)) return;
    const paths = [...(queryNul ? nulPaths(request.query) : []), ...nulPaths(request.body)];
    const issues = (paths.length ? paths : [[]]).map((path) => ({ path, message: NUL_MESSAGE }));
    const { msg, fields } = describeIssues(issues, queryNul ? 'query' : 'body');
    throw new AppError(422, ErrorCode.VALIDATION_FAILED, msg, { fields });
  });
}

import { ErrorCode } from '@cc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, describeIssues } from './errors';

/**
 * PostgreSQL text and jsonb cannot hold the NUL character, so a NUL that reached a query would
 * fail it with a 500. Every request is checked at the edge instead: a JSON body, a form body, a raw
 * body kept for a signature check, a path or a query string carrying one is refused with 422 naming
 * the field, before any handler runs; multipart text fields, read by the handler as a stream, are
 * checked as they are read (`refuseNulFields`) (docs/product.md#wire). Fields whose schema refuses
 * NUL itself answer with their own sentence.
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

/**
 * Nor can PostgreSQL store text that is not well-formed Unicode: a lone surrogate, which only the
 * JSON escape `\udXXX` can bring (raw UTF-8 cannot encode one), failed the write with a 500
 * (found by security/fuzz.test.ts on a payout's note). Refused the same way.
 */
export const SURROGATE_MESSAGE = 'Text must be valid Unicode: a lone surrogate (such as \\udfff) cannot be stored.';
const JSON_SURROGATE = /\\u[dD][89a-fA-F][0-9a-fA-F]{2}/;
const bodiesWithSurrogates = new WeakSet<FastifyRequest>();

/** A high surrogate without its low half, or a low one without its high half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Where text that is not well-formed Unicode sits in a parsed value. */
function lonePaths(value: unknown, path: string[] = [], found: string[][] = []): string[][] {
  if (typeof value === 'string') {
    if (LONE_SURROGATE.test(value)) found.push(path);
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) lonePaths(inner, [...path, key], found);
  }
  return found;
}

/** Call from the JSON parser with the raw text, before parsing. */
export function noteJsonBody(request: FastifyRequest, text: string) {
  if (jsonHasNul(text)) bodiesWithNul.add(request);
  // A surrogate escape may be half of a proper pair (an emoji): the parsed body decides.
  if (JSON_SURROGATE.test(text)) bodiesWithSurrogates.add(request);
}

/** The 422 naming each field that holds a NUL (`context` names a NUL found outside any field). */
function nulError(paths: string[][], context: string, message = NUL_MESSAGE) {
  const issues = (paths.length ? paths : [[]]).map((path) => ({ path, message }));
  const { msg, fields } = describeIssues(issues, context);
  return new AppError(422, ErrorCode.VALIDATION_FAILED, msg, { fields });
}

/**
 * Bodies other parsers kept aside: webhook forms (ordered pairs, [[name, value]]) and raw bodies
 * whose signature covers the bytes. Only those routes have them, so walking them costs nothing elsewhere.
 */
function otherBodyHasNul(body: unknown): boolean {
  if (Buffer.isBuffer(body)) return body.includes(0) || jsonHasNul(body.toString('utf8'));
  return Array.isArray(body) && nulPaths(body).length > 0;
}

/** A form's pairs named by their field: `[['CallSid', 'a\0']]` → `['CallSid']`. */
const formPaths = (body: unknown[]) =>
  body.filter((pair) => nulPaths(pair).length > 0).map((pair) => [String((pair as unknown[])[0] ?? '')]);

export function refuseNulText(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    if (bodiesWithSurrogates.has(request)) {
      const lone = lonePaths(request.body);
      if (lone.length) throw nulError(lone, 'body', SURROGATE_MESSAGE);
    }
    const queryNul = request.url.includes('%00');
    const bodyNul = bodiesWithNul.has(request) || otherBodyHasNul(request.body);
    if (!queryNul && !bodyNul) return;
    const bodyPaths = Buffer.isBuffer(request.body) ? [] : Array.isArray(request.body) ? formPaths(request.body) : nulPaths(request.body);
    throw nulError([...(queryNul ? nulPaths(request.query) : []), ...bodyPaths], queryNul ? 'query' : 'body');
  });
}

/**
 * The text fields of a multipart request, read by its handler after the edge (platform/uploads.ts):
 * refused the same way, naming each field that holds a NUL.
 */
export function refuseNulFields(fields: Record<string, string>) {
  const paths = Object.entries(fields)
    .filter(([, value]) => value.includes('\u0000'))
    .map(([name]) => [name]);
  if (paths.length) throw nulError(paths, 'body');
}

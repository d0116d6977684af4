import { Writable } from 'node:stream';
import type { DestinationStream } from 'pino';

/**
 * Every test server logs at `debug` into one of these, so the whole suite checks that no secret
 * ever reaches a log line (docs/architecture.md#logging): closing the server fails with what was
 * found. Secrets are recognised by shape (an argon2 hash, a JWT or a card nonce: base64url JSON and
 * a signature) and by value: what the test sent (passwords, message text, codes, card data) and
 * what the server mailed (codes, reset links), registered by the harness as they pass.
 */

/** Shapes no log line may hold whatever the test did. */
const SECRET_SHAPES: { name: string; pattern: RegExp }[] = [
  { name: 'an argon2 password hash', pattern: /\$argon2(?:id|i|d)\$/ },
  // A JWT or a sandbox card nonce: base64url JSON (`{"` is `eyJ`), a dot, more base64url.
  { name: 'a signed token (JWT or card nonce)', pattern: /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/ },
];

/** Shorter values are left out: "hi" or "123" would be found in any log. */
const MIN_SECRET_LENGTH = 6;

export type LogScan = {
  stream: DestinationStream;
  /** A value that must never be logged (a message the test sent, a code it was mailed). */
  secret: (value: string | undefined | null) => void;
  /** Each line that holds a secret, with what it held. */
  findings: () => string[];
  /** Every line written so far (tests of the scanner read them). */
  lines: () => readonly string[];
};

/**
 * Whether a log line holds the value: as written, or as JSON escapes it (quotes, backslashes,
 * control characters). A code of digits counts only standing alone, not inside a timestamp.
 */
function holds(line: string, value: string): boolean {
  if (/^\d+$/.test(value)) return holdsAlone(line, value);
  return line.includes(value) || line.includes(JSON.stringify(value).slice(1, -1));
}

const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';

/** Whether `digits` occur in the line with no digit either side. */
function holdsAlone(line: string, digits: string): boolean {
  for (let at = line.indexOf(digits); at >= 0; at = line.indexOf(digits, at + 1)) {
    if (!isDigit(line[at - 1]) && !isDigit(line[at + digits.length])) return true;
  }
  return false;
}

/** Which line it was: its level and message, not the secret again (the line may be long). */
function excerpt(line: string): string {
  try {
    const { level, msg } = JSON.parse(line) as { level?: unknown; msg?: unknown };
    return `the line at level ${String(level)}, "${String(msg)}"`;
  } catch {
    return `the line starting "${line.slice(0, 80)}"`;
  }
}

/** Writes pass on to `next` (a test's own capture), if given. */
export function createLogScan(next?: DestinationStream): LogScan {
  const written: string[] = [];
  const secrets = new Set<string>();
  const found: string[] = [];

  const noteSecret = (value: string, line: string) => {
    if (holds(line, value))
      found.push(`a value the test marked secret (${value.slice(0, 3)}…, ${value.length} characters) in: ${excerpt(line)}`);
  };
  function check(line: string) {
    for (const { name, pattern } of SECRET_SHAPES) if (pattern.test(line)) found.push(`${name} in: ${excerpt(line)}`);
    for (const value of secrets) noteSecret(value, line);
  }

  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      const line = chunk.toString();
      written.push(line);
      check(line);
      if (next) next.write(line);
      done();
    },
  });

  return {
    stream,
    secret(value) {
      if (typeof value !== 'string' || value.trim().length < MIN_SECRET_LENGTH) return;
      secrets.add(value);
      // Lines already written are checked again: a code is registered only once the test reads its mail.
      for (const line of written) noteSecret(value, line);
    },
    findings: () => [...new Set(found)],
    lines: () => written,
  };
}

/** Request fields whose values are secrets, wherever they appear in a JSON body. */
const SECRET_FIELDS = new Set([
  'password',
  'newPassword',
  'currentPassword',
  'verifyCode',
  'code',
  'token',
  'dataValue',
  'cardNumber',
  'cardCode',
  'text',
  'message',
]);

/** Registers the secret fields of a request body (nested: `opaqueData.dataValue`). */
export function registerBodySecrets(scan: LogScan, body: unknown, depth = 0) {
  // A raw body (an upload) has no fields; walking a 5 MB Buffer's entries took seconds of GC.
  if (!body || typeof body !== 'object' || ArrayBuffer.isView(body) || depth > 4) return;
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string' && SECRET_FIELDS.has(key)) scan.secret(value);
    else if (value && typeof value === 'object') registerBodySecrets(scan, value, depth + 1);
  }
}

/** Registers what a mail carries that only its reader may know: 6-digit codes and the token of a link. */
export function registerMailSecrets(scan: LogScan, text: string) {
  for (const [code] of text.matchAll(/\b\d{6}\b/g)) scan.secret(code);
  for (const [, token] of text.matchAll(/\/auth\/reset\/([A-Za-z0-9_-]+)/g)) scan.secret(token);
}

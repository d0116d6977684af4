import { Writable } from 'node:stream';

/**
 * A log stream for `createTestApp({ logStream })` that keeps every line the app writes, so a test
 * can check what reached the log (and what must never: secrets, message text, SQL parameters).
 */
export function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

/** An inclusive byte range of a file. */
export type ByteRange = { start: number; end: number };

/**
 * The single range of a `Range: bytes=a-b` header (also `a-` and the suffix form `-n`).
 * `null` means send the whole file: no header, another unit, several ranges, or a malformed or
 * backwards range, which RFC 9110 says to ignore. `'unsatisfiable'` means answer 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return end < start ? null : { start, end };
}

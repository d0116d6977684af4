import { expect, it } from 'vitest';
import { parseRange } from '../media.ranges';

it('reads the single-range forms a video player sends', () => {
  expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
  expect(parseRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 });
  expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
  expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  expect(parseRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
});

it('sends the whole file for no range, another unit, several ranges or a backwards range', () => {
  for (const header of [undefined, '', 'items=0-1', 'bytes=0-1,5-9', 'bytes=-', 'bytes=9-3', 'bytes=abc']) {
    expect(parseRange(header, 1000)).toBeNull();
  }
});

it('calls a range starting past the end, or an empty suffix, unsatisfiable', () => {
  expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
  expect(parseRange('bytes=2000-3000', 1000)).toBe('unsatisfiable');
  expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
  expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
});

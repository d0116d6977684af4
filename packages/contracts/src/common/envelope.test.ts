import { expect, it } from 'vitest';
import { pageQuerySchema } from './envelope';

it('limit and skip arrive as strings; empty ones fall back to 20 and 0', () => {
  expect(pageQuerySchema.parse({ limit: '', skip: '' })).toEqual({ limit: 20, skip: 0 });
  expect(pageQuerySchema.parse({})).toEqual({ limit: 20, skip: 0 });
  expect(pageQuerySchema.parse({ limit: '5', skip: '40' })).toEqual({ limit: 5, skip: 40 });
});

it('a limit that is not a page size is refused', () => {
  expect(pageQuerySchema.safeParse({ limit: 'abc' }).success).toBe(false);
  expect(pageQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
  expect(pageQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  expect(pageQuerySchema.safeParse({ skip: '-1' }).success).toBe(false);
});

import { expect, it } from 'vitest';
import { z } from 'zod';
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

it('take is limit and page (from 1) is skip = (page - 1) × page size; the given names win', () => {
  expect(pageQuerySchema.parse({ take: '5' })).toEqual({ limit: 5, skip: 0 });
  expect(pageQuerySchema.parse({ page: '3', take: '10' })).toEqual({ limit: 10, skip: 20 });
  expect(pageQuerySchema.parse({ page: '2' })).toEqual({ limit: 20, skip: 20 });
  expect(pageQuerySchema.parse({ page: '1', take: '' })).toEqual({ limit: 20, skip: 0 });
  expect(pageQuerySchema.parse({ page: '2', limit: '7', take: '9' })).toEqual({ limit: 7, skip: 7 });
  expect(pageQuerySchema.parse({ page: '4', skip: '0' })).toEqual({ limit: 20, skip: 0 });
  // Extended by a feature with its filters, it pages the same.
  expect(pageQuerySchema.extend({ q: z.string().optional() }).parse({ q: 'a', page: '2', take: '3' })).toEqual({
    q: 'a',
    limit: 3,
    skip: 3,
  });
});

it('a take or page that is not a page is refused, naming it', () => {
  for (const [query, field] of [
    [{ take: '0' }, 'take'],
    [{ take: '101' }, 'take'],
    [{ take: 'abc' }, 'take'],
    [{ page: '0' }, 'page'],
    [{ page: '1.5' }, 'page'],
    [{ page: 'two' }, 'page'],
  ] as const) {
    expect(pageQuerySchema.safeParse(query).error?.issues[0]?.path).toEqual([field]);
  }
});

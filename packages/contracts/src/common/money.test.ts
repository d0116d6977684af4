import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { tokenAmount } from './money';
import { formatTokens, hasAtMostTwoDecimals, hundredthsToTokens, parseTokens, tokensToHundredths } from './money-format';

describe('token amounts for people', () => {
  it('shows two decimals and thousands separators', () => {
    expect(formatTokens(0)).toBe('0.00');
    expect(formatTokens(1.5)).toBe('1.50');
    expect(formatTokens(1234567.89)).toBe('1,234,567.89');
  });

  it('reads what people type as tokens and refuses what is not an amount', () => {
    expect(parseTokens('1.5')).toBe(1.5);
    expect(parseTokens('1,000')).toBe(1000);
    expect(parseTokens('0.05')).toBe(0.05);
    expect(parseTokens('1.234')).toBeNull();
    expect(parseTokens('-3')).toBeNull();
    expect(parseTokens('abc')).toBeNull();
  });
});

describe('tokens on the wire, hundredths inside', () => {
  it('converts exactly both ways, including amounts floating point gets wrong (1.15 × 100 = 114.99…)', () => {
    expect(tokensToHundredths(1.15)).toBe(115);
    expect(tokensToHundredths(0.29)).toBe(29);
    expect(hundredthsToTokens(115)).toBe(1.15);
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999_999, max: 99_999_999_999 }), (hundredths) => {
        const tokens = hundredthsToTokens(hundredths);
        expect(tokensToHundredths(tokens)).toBe(hundredths);
        // What JSON carries reads back as the same two-decimal amount.
        expect(hasAtMostTwoDecimals(JSON.parse(JSON.stringify(tokens)))).toBe(true);
        expect(parseTokens(formatTokens(Math.abs(tokens)))).toBe(Math.abs(tokens));
      }),
    );
  });

  it('decodes a request amount to hundredths and encodes an answer back to tokens', () => {
    const body = z.object({ token: tokenAmount() });
    expect(body.parse({ token: 12.5 })).toEqual({ token: 1250 });
    expect(z.encode(body, { token: 75 })).toEqual({ token: 0.75 });
  });

  it('refuses more than two decimals, negatives, non-numbers and amounts out of range, naming the field', () => {
    const body = z.object({ token: tokenAmount({ min: 100, max: 10_000, label: 'A tip' }) });
    const refusal = (token: unknown) => body.safeParse({ token }).error?.issues[0];
    expect(refusal(12.345)).toMatchObject({ path: ['token'], message: 'A tip has at most two decimals' });
    expect(refusal(0.5)).toMatchObject({ path: ['token'], message: 'A tip must be at least 1.00 tokens' });
    expect(refusal(100.01)).toMatchObject({ path: ['token'], message: 'A tip must be at most 100.00 tokens' });
    expect(refusal('5abc')).toMatchObject({ path: ['token'], message: 'A tip must be a number of tokens' });
    expect(refusal(Number.POSITIVE_INFINITY)?.path).toEqual(['token']);
    expect(z.object({ token: tokenAmount() }).safeParse({ token: -1 }).error?.issues[0]?.message).toBe('The amount cannot be negative');
  });

  it('reads a numeric string from a form as that number, under the same rules; answers stay numbers', () => {
    const body = z.object({ token: tokenAmount({ min: 100, max: 10_000, label: 'A tip' }) });
    expect(body.parse({ token: '5' })).toEqual({ token: 500 });
    expect(body.parse({ token: '1.50' })).toEqual({ token: 150 });
    expect(body.parse({ token: '100.00' })).toEqual({ token: 10_000 });
    expect(z.encode(body, { token: 150 })).toEqual({ token: 1.5 });
    const refusal = (token: unknown) => body.safeParse({ token }).error?.issues[0];
    expect(refusal('1.234')).toMatchObject({ path: ['token'], message: 'A tip has at most two decimals' });
    expect(refusal('0.50')).toMatchObject({ path: ['token'], message: 'A tip must be at least 1.00 tokens' });
    expect(refusal('100.01')).toMatchObject({ path: ['token'], message: 'A tip must be at most 100.00 tokens' });
    for (const text of ['5abc', '', ' ', ' 5', '0x10', '1e3', '+5', '.5', '5.', '1,5', 'NaN', 'Infinity']) {
      expect(refusal(text), text).toMatchObject({ path: ['token'], message: 'A tip must be a number of tokens' });
    }
    expect(tokenAmount().safeParse('-1').error?.issues[0]?.message).toBe('The amount cannot be negative');
  });
});

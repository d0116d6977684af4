import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatTokens, parseTokens } from './money';

describe('token amounts at the edge', () => {
  it('shows two decimals and thousands separators', () => {
    expect(formatTokens(0)).toBe('0.00');
    expect(formatTokens(150)).toBe('1.50');
    expect(formatTokens(123456789)).toBe('1,234,567.89');
  });

  it('reads what people type and refuses what is not an amount', () => {
    expect(parseTokens('1.5')).toBe(150);
    expect(parseTokens('1,000')).toBe(100000);
    expect(parseTokens('0.05')).toBe(5);
    expect(parseTokens('1.234')).toBeNull();
    expect(parseTokens('-3')).toBeNull();
    expect(parseTokens('abc')).toBeNull();
  });

  it('round-trips every amount exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (amount) => {
        expect(parseTokens(formatTokens(amount))).toBe(amount);
      }),
    );
  });
});

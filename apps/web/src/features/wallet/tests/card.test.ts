import { describe, expect, it } from 'vitest';
import type { TokenPackage } from '@cc/contracts';
import { checkCard, expiryInFuture, formatCardNumber, formatExpiry, luhnValid, parseExpiry } from '../lib/card';
import { bestValueId, centsPerToken, savingPercent, shownPackages } from '../lib/packages';

describe('card checks', () => {
  it('accepts numbers that pass Luhn and refuses a one-digit typo', () => {
    expect(luhnValid('4111 1111 1111 1111')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('4111 1111 1111 1112')).toBe(false);
    expect(luhnValid('1234')).toBe(false);
  });

  it('counts a card as good through the last day of its expiry month', () => {
    const now = new Date(2026, 2, 31); // 31 March 2026
    expect(expiryInFuture(parseExpiry('03/26')!, now)).toBe(true);
    expect(expiryInFuture(parseExpiry('02/26')!, now)).toBe(false);
    expect(expiryInFuture(parseExpiry('01/27')!, now)).toBe(true);
    expect(parseExpiry('13/27')).toBeNull();
    expect(parseExpiry('1/27')).toBeNull();
  });

  it('spaces numbers as people read them and builds MM/YY as they type', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('3782 822463 10005')).toBe('3782 822463 10005');
    expect(formatCardNumber('41111111111111119999')).toBe('4111 1111 1111 1111 999');
    expect(formatExpiry('4', '')).toBe('04/');
    expect(formatExpiry('12', '1')).toBe('12/');
    expect(formatExpiry('12', '12/')).toBe('1');
    expect(formatExpiry('1239', '')).toBe('12/39');
  });

  it('names every problem of a typed card by field', () => {
    const now = new Date(2026, 0, 15);
    expect(checkCard({ cardNumber: '4111 1111 1111 1111', expiry: '12/29', cvc: '1234', name: 'Ada' }, now)).toEqual({});
    expect(checkCard({ cardNumber: '', expiry: '', cvc: '', name: ' ' }, now)).toEqual({
      cardNumber: 'Enter the card number',
      expiry: 'Enter the expiry date',
      cvc: 'Enter the security code',
      name: 'Enter the name on the card',
    });
    expect(checkCard({ cardNumber: '4111', expiry: '12/25', cvc: '12345', name: 'Ada' }, now)).toEqual({
      cardNumber: 'This card number is not valid — check the digits',
      expiry: 'This card has expired',
      cvc: 'The security code is 3 or 4 digits',
    });
  });
});

/** A package of `tokens` tokens for `priceCents` US cents. */
const pkg = (id: string, tokens: number, priceCents: number, overrides: Partial<TokenPackage> = {}): TokenPackage => ({
  _id: id,
  name: id,
  tokens,
  priceCents,
  price: priceCents / 100,
  ordering: 0,
  active: true,
  ...overrides,
});

describe('best value', () => {
  it('picks the most tokens per dollar, the bigger package on a tie, and nothing when there is no choice', () => {
    const small = pkg('small', 100, 999);
    const medium = pkg('medium', 550, 4_999);
    const large = pkg('large', 1_200, 9_999);
    expect(bestValueId([small, medium, large])).toBe('large');
    expect(bestValueId([small, large, pkg('twice', 2_400, 19_998)])).toBe('twice');
    expect(bestValueId([small])).toBeNull();
    expect(bestValueId([pkg('a', 100, 1_000), pkg('b', 200, 2_000)])).toBeNull();
  });

  it('shows the price of one token and the saving against the dearest package', () => {
    const small = pkg('small', 100, 999);
    const large = pkg('large', 1_200, 9_999);
    // $9.99 for 100 tokens is 9.99 cents a token, shown as 10; $99.99 for 1,200 is 8.33, shown as 8.
    expect(centsPerToken(small)).toBe(10);
    expect(centsPerToken(large)).toBe(8);
    expect(centsPerToken(pkg('half tokens', 12.5, 250))).toBe(20);
    expect(savingPercent(large, [small, large])).toBe(16);
    expect(savingPercent(small, [small, large])).toBe(0);
  });

  it('lists only packages on sale, in the administrators’ order', () => {
    const list = shownPackages([
      pkg('b', 100, 100, { ordering: 2 }),
      pkg('off', 100, 100, { active: false }),
      pkg('a', 100, 100, { ordering: 1 }),
    ]);
    expect(list.map((p) => p._id)).toEqual(['a', 'b']);
  });
});

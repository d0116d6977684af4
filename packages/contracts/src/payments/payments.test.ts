import { describe, expect, it } from 'vitest';
import { cardBrandOf, formatInvoiceNumber, isLuhnValid, SANDBOX_CARDS } from './payments';

describe('card checks a form can run before asking the provider', () => {
  it('accepts the test cards and refuses typos', () => {
    for (const number of [
      ...Object.values(SANDBOX_CARDS),
      '4111 1111 1111 1111',
      '5424-0000-0000-0015',
      '370000000000002',
      '4007000000027',
    ]) {
      expect(isLuhnValid(number)).toBe(true);
    }
    for (const number of ['4111111111111112', '1234', '', 'abcd efgh ijkl mnop', '0000000000000000000000']) {
      expect(isLuhnValid(number)).toBe(false);
    }
  });

  it('names the card network the way Authorize.Net does', () => {
    expect(cardBrandOf('4111111111111111')).toBe('Visa');
    expect(cardBrandOf('5424000000000015')).toBe('MasterCard');
    expect(cardBrandOf('2223000010309703')).toBe('MasterCard');
    expect(cardBrandOf('370000000000002')).toBe('AmericanExpress');
    expect(cardBrandOf('6011000000000012')).toBe('Discover');
    expect(cardBrandOf('3088000000000017')).toBe('JCB');
    expect(cardBrandOf('3530111333300000')).toBe('JCB');
    expect(cardBrandOf('38000000000006')).toBe('DinersClub');
  });

  it('numbers invoices as INV-000123', () => {
    expect(formatInvoiceNumber(123)).toBe('INV-000123');
  });
});

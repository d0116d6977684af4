import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitCommission } from '../commission';

describe('splitting a payment into commission and net', () => {
  it('takes 20 % of 1.05 tokens as 0.21 and leaves 0.84 to the model', () => {
    expect(splitCommission(105, 20)).toEqual({ gross: 105, commission: 21, net: 84 });
  });

  it('rounds the commission down, so the odd hundredth goes to the model', () => {
    expect(splitCommission(101, 20)).toEqual({ gross: 101, commission: 20, net: 81 });
    expect(splitCommission(1, 99)).toEqual({ gross: 1, commission: 0, net: 1 });
  });

  it('handles 0 % and 100 %', () => {
    expect(splitCommission(250, 0)).toEqual({ gross: 250, commission: 0, net: 250 });
    expect(splitCommission(250, 100)).toEqual({ gross: 250, commission: 250, net: 0 });
  });

  it('always splits exactly: integers, commission + net = gross, commission = floor(gross × percent / 100)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 0, max: 100 }), (gross, percent) => {
        const { commission, net } = splitCommission(gross, percent);
        expect(Number.isInteger(commission) && Number.isInteger(net)).toBe(true);
        expect(commission + net).toBe(gross);
        expect(BigInt(commission)).toBe((BigInt(gross) * BigInt(percent)) / 100n);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses amounts and percents that are not whole or in range', () => {
    for (const [gross, percent] of [
      [0, 20],
      [-5, 20],
      [1.5, 20],
      [100, 101],
      [100, -1],
      [100, 12.5],
    ] as const) {
      expect(() => splitCommission(gross, percent)).toThrow(RangeError);
    }
  });
});

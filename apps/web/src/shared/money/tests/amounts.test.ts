import { describe, expect, it } from 'vitest';
import { adjustBalanceSchema } from '@cc/contracts';
import { typedAmount } from '../../forms/typedAmount';
import { sumTokens } from '../amounts';

describe('token amounts in the browser', () => {
  it('adds tokens exactly, through hundredths', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumTokens([0.1, 0.2])).toBe(0.3);
    expect(sumTokens([1_234.56, -0.56, 0.01])).toBe(1_234.01);
    expect(sumTokens([])).toBe(0);
  });

  it("reads a typed amount with the contract's rule, in tokens", () => {
    // Number() reads any number, so the contract's rule is what refuses.
    const field = typedAmount({ rule: adjustBalanceSchema.shape.amount, parse: Number, hint: 'Enter an amount' });
    const problemWith = (text: string) => field.safeParse(text).error?.issues[0]?.message ?? null;
    expect(field.parse('12.5')).toBe(12.5);
    expect(problemWith('12.345')).toBe('Amount has at most two decimals');
    expect(problemWith('1000000.01')).toBe('Amount must be at most 1,000,000.00 tokens');
    expect(problemWith('0')).toBe('Amount cannot be zero');
  });
});

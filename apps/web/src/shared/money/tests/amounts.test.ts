import { describe, expect, it } from 'vitest';
import { adjustBalanceSchema } from '@cc/contracts';
import { sumTokens, tokenRuleMessage } from '../amounts';

describe('token amounts in the browser', () => {
  it('adds tokens exactly, through hundredths', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumTokens([0.1, 0.2])).toBe(0.3);
    expect(sumTokens([1_234.56, -0.56, 0.01])).toBe(1_234.01);
    expect(sumTokens([])).toBe(0);
  });

  it("reads a typed amount with the contract's rule, in tokens", () => {
    const rule = adjustBalanceSchema.shape.amount;
    expect(tokenRuleMessage(rule, 12.5)).toBeNull();
    expect(tokenRuleMessage(rule, 12.345)).toBe('Amount has at most two decimals');
    expect(tokenRuleMessage(rule, 1_000_000.01)).toBe('Amount must be at most 1,000,000.00 tokens');
    expect(tokenRuleMessage(rule, 0)).toBe('Amount cannot be zero');
  });
});

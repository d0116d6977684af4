import { describe, expect, it } from 'vitest';
import { passwordSchema } from './password';

const firstMessage = (p: string) => passwordSchema.safeParse(p).error?.issues[0]?.message;

describe('password rule', () => {
  it('accepts a password with every kind of character', () => {
    expect(passwordSchema.safeParse('Tr1cky!pass').success).toBe(true);
  });

  it('names the rule a weak password misses', () => {
    expect(firstMessage('Sh0rt!')).toBe('Password must be at least 8 characters');
    expect(firstMessage('ALLUPPER1!')).toBe('Password must contain a lowercase letter');
    expect(firstMessage('alllower1!')).toBe('Password must contain an uppercase letter');
    expect(firstMessage('NoDigits!!')).toBe('Password must contain a digit');
    expect(firstMessage('NoSpecial12')).toBe('Password must contain a special character');
  });
});

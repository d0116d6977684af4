import { describe, expect, it } from 'vitest';
import { documentFieldsSchema } from './account';

const firstMessage = (input: unknown) => {
  const result = documentFieldsSchema.safeParse(input);
  return result.success ? null : result.error.issues.find((issue) => issue.path[0] === 'birthDate')?.message;
};

describe('the verification document fields', () => {
  it('asks for a birth date left empty or missing, rather than for a date format', () => {
    expect(firstMessage({ legalName: 'Vera Doc', birthDate: '' })).toBe('Enter your birth date');
    expect(firstMessage({ legalName: 'Vera Doc' })).toBe('Enter your birth date');
  });

  it('names the format when something other than a date is typed', () => {
    expect(firstMessage({ legalName: 'Vera Doc', birthDate: '14/03/1990' })).toBe('Birth date must be a date (YYYY-MM-DD)');
    expect(firstMessage({ legalName: 'Vera Doc', birthDate: '1990-02-30' })).toBe('Birth date must be a date (YYYY-MM-DD)');
  });

  it('takes a date, and files the document as an ID card by default', () => {
    expect(documentFieldsSchema.parse({ legalName: 'Vera Doc', birthDate: '1990-03-14' })).toEqual({
      documentType: 'ID',
      legalName: 'Vera Doc',
      birthDate: '1990-03-14',
    });
  });
});

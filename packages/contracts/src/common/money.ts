/**
 * Token amounts travel and are stored as integers of hundredths of a token (150 = 1.50 tokens);
 * they become a decimal string only at the edge, for people.
 */
const formatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 123456 → "1,234.56" (spec: 2 decimals and thousands separators). */
export function formatTokens(hundredths: number): string {
  return formatter.format(hundredths / 100);
}

/** "1,234.5" → 123450; null when the text is not an amount with at most two decimals. */
export function parseTokens(text: string): number | null {
  const cleaned = text.replace(/,/g, '').trim();
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/** Whole tokens to hundredths, for constants written the way people say them. */
export const tokens = (whole: number): number => Math.round(whole * 100);

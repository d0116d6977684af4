/**
 * Token amounts as people read and type them, and their conversion to the server's hundredths
 * (docs/product.md#units). No zod here: every page formats amounts, few validate them (money.ts).
 */
/** 1250 → 12.5. Dividing an integer by 100 gives the double nearest the two-decimal value. */
export const hundredthsToTokens = (hundredths: number): number => hundredths / 100;

/** 12.5 → 1250; exact for any number that has at most two decimals. */
export const tokensToHundredths = (tokens: number): number => Math.round(tokens * 100);

/**
 * True when the number, written as JSON writes it, has at most two decimals. Reading the shortest
 * decimal form is exact where arithmetic (`x * 100 % 1`) is not (1.15 * 100 = 114.99999999999999).
 */
export function hasAtMostTwoDecimals(tokens: number): boolean {
  return Number.isFinite(tokens) && /^-?\d+(\.\d{1,2})?$/.test(String(tokens));
}

const formatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 1234.5 → "1,234.50": 2 decimals and thousands separators (docs/product.md#units). */
export function formatTokens(tokens: number): string {
  return formatter.format(tokens);
}

/** "1,234.5" → 1234.5 tokens; null when the text is not an amount with at most two decimals. */
export function parseTokens(text: string): number | null {
  const cleaned = text.replace(/,/g, '').trim();
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  return Number(match[2] ? `${match[1]}.${match[2]}` : match[1]);
}

/** Whole tokens to hundredths, for constants written the way people say them. */
export const tokens = (whole: number): number => tokensToHundredths(whole);

/** Marks the schemas that carry token amounts, so the OpenAPI document can say their unit. */
export const TOKEN_UNIT = 'tokens';
export const USD_CENTS_UNIT = 'USD cents';
export const USD_UNIT = 'USD';

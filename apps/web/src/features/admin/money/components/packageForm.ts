import { z } from 'zod';
import {
  formatTokens,
  packageNameSchema,
  packagePriceCentsSchema,
  packageTokensSchema,
  type TokenPackage,
  type TokenPackageInput,
} from '@cc/contracts';
import { typedAmount } from '../../../../shared/forms/typedAmount';

/**
 * Administrators type tokens ("1,000" or "12.5") and dollars ("19.99"); the API takes tokens and
 * cents (docs/product.md#units). The dollars are the only conversion left here.
 */

/** "$1,234.5" → 123450 cents; null when it is not an amount with at most two decimals. */
export function parseDollars(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 1999 → "19.99" (for an input: no currency sign, no thousands separator). */
export function centsToDollarsText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Tokens as typed, checked with the contract's rule for a package; the value sent is tokens. */
const tokensText = typedAmount({ rule: packageTokensSchema, hint: 'Enter a number of tokens like 1,000 or 12.50' });

const priceText = typedAmount({ rule: packagePriceCentsSchema, parse: parseDollars, hint: 'Enter a price in dollars like 19.99' });

const orderText = z
  .string()
  .trim()
  .transform((text, ctx) => {
    if (!/^\d{1,5}$/.test(text) || Number(text) > 10_000) {
      ctx.addIssue({ code: 'custom', message: 'Enter a whole number from 0 to 10,000' });
      return z.NEVER;
    }
    return Number(text);
  });

/** What the form holds (text) and, once parsed, exactly what POST/PUT /admin/token-packages takes. */
export const packageFormSchema = z
  .object({
    name: packageNameSchema,
    tokens: tokensText,
    price: priceText,
    ordering: orderText,
    active: z.boolean(),
  })
  .transform(({ name, tokens, price, ordering, active }): TokenPackageInput => ({ name, tokens, priceCents: price, ordering, active }));

export type PackageFormValues = z.input<typeof packageFormSchema>;
export const PACKAGE_FORM_FIELDS = ['name', 'tokens', 'price', 'ordering', 'active'] as const;

/** The server names fields as the contract does; the form calls the price "price". */
export const SERVER_FIELD: Record<string, (typeof PACKAGE_FORM_FIELDS)[number]> = { priceCents: 'price' };

export function packageToForm(pkg: TokenPackage): PackageFormValues {
  return {
    name: pkg.name,
    tokens: formatTokens(pkg.tokens),
    price: centsToDollarsText(pkg.priceCents),
    ordering: String(pkg.ordering),
    active: pkg.active,
  };
}

export function emptyPackageForm(nextOrder: number): PackageFormValues {
  return { name: '', tokens: '', price: '', ordering: String(nextOrder), active: true };
}

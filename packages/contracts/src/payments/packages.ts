import { z } from 'zod';
import { tokenAmount, usdCents, usdDollars } from '../common/money';
import { hasAtMostTwoDecimals } from '../common/money-format';

/**
 * Token packages: `tokens` is tokens on the wire (hundredths inside), the price is US money and
 * says so — `priceCents` in cents and `price` in dollars (docs/product.md#units).
 */

/** 1999 → 19.99: an integer of cents divided by 100 is the double nearest the two-decimal price. */
export const usdCentsToDollars = (cents: number): number => cents / 100;
/** 19.99 → 1999; exact for any number that has at most two decimals. */
export const usdDollarsToCents = (dollars: number): number => Math.round(dollars * 100);

export const tokenPackageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  tokens: tokenAmount({ description: 'Tokens credited' }),
  priceCents: usdCents('Price in US cents'),
  price: usdDollars('The same price in US dollars'),
  ordering: z.number().int(),
  active: z.boolean(),
});
export type TokenPackage = z.infer<typeof tokenPackageSchema>;

/** A package holds 1.00 to 1,000,000.00 tokens (hundredths inside). */
export const PACKAGE_TOKENS_MIN = 100;
export const PACKAGE_TOKENS_MAX = 100_000_000;
/** A package costs $0.50 to $10,000.00 (cents). */
export const PACKAGE_PRICE_MIN_CENTS = 50;
export const PACKAGE_PRICE_MAX_CENTS = 1_000_000;

/** The rules of each field, for forms that check one field at a time. */
export const packageTokensSchema = tokenAmount({
  min: PACKAGE_TOKENS_MIN,
  max: PACKAGE_TOKENS_MAX,
  label: 'The number of tokens',
  description: 'Tokens credited (100 means 100 tokens)',
});
export const packagePriceCentsSchema = usdCents('Price in US cents')
  .min(PACKAGE_PRICE_MIN_CENTS, 'Price must be at least $0.50')
  .max(PACKAGE_PRICE_MAX_CENTS, 'Price must be at most $10,000.00');
const packagePriceDollarsSchema = usdDollars('Price in US dollars, same as priceCents / 100')
  .refine(hasAtMostTwoDecimals, { message: 'Price has at most two decimals (whole cents)', abort: true })
  .refine((dollars) => usdDollarsToCents(dollars) >= PACKAGE_PRICE_MIN_CENTS, 'Price must be at least $0.50')
  .refine((dollars) => usdDollarsToCents(dollars) <= PACKAGE_PRICE_MAX_CENTS, 'Price must be at most $10,000.00');
/** A package's name, as members see it on the tokens page. */
export const packageNameSchema = z.string().trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters');
const orderingSchema = z.number().int().min(0).max(10_000);

type PriceFields = { priceCents?: number | undefined; price?: number | undefined };

/**
 * The price is `priceCents` or `price` (dollars), whichever the client sends; both must agree when
 * both are sent. Adds the issue under `priceCents` when `required` and neither is there.
 */
function checkPrice(input: PriceFields, ctx: z.RefinementCtx, required: boolean) {
  if (input.priceCents === undefined && input.price === undefined) {
    if (required) ctx.addIssue({ code: 'custom', path: ['priceCents'], message: 'Give a price (priceCents, or price in dollars)' });
    return;
  }
  if (input.priceCents !== undefined && input.price !== undefined && usdDollarsToCents(input.price) !== input.priceCents)
    ctx.addIssue({ code: 'custom', path: ['price'], message: 'price and priceCents disagree; send one of them' });
}

const priceInCents = ({ priceCents, price }: PriceFields) => priceCents ?? (price === undefined ? undefined : usdDollarsToCents(price));

/**
 * POST /admin/token-packages. `tokens` in tokens (100 means 100 tokens); the price in cents
 * (`priceCents`) or in dollars (`price`).
 */
export const tokenPackageInputSchema = z
  .object({
    name: packageNameSchema,
    tokens: packageTokensSchema,
    priceCents: packagePriceCentsSchema.optional(),
    price: packagePriceDollarsSchema.optional(),
    ordering: orderingSchema.default(0),
    active: z.boolean().default(true),
  })
  .superRefine((input, ctx) => checkPrice(input, ctx, true))
  .transform(({ price, priceCents, ...rest }) => ({ ...rest, priceCents: priceInCents({ price, priceCents }) as number }));
export type TokenPackageInput = z.input<typeof tokenPackageInputSchema>;

/** PUT /admin/token-packages/:id — a partial update without defaults, so an omitted field keeps its value. */
export const tokenPackageUpdateSchema = z
  .object({
    name: packageNameSchema.optional(),
    tokens: packageTokensSchema.optional(),
    priceCents: packagePriceCentsSchema.optional(),
    price: packagePriceDollarsSchema.optional(),
    ordering: orderingSchema.optional(),
    active: z.boolean().optional(),
  })
  .superRefine((input, ctx) => checkPrice(input, ctx, false))
  .transform(({ price, priceCents, ...rest }) => {
    const cents = priceInCents({ price, priceCents });
    return cents === undefined ? rest : { ...rest, priceCents: cents };
  });
export type TokenPackageUpdate = z.input<typeof tokenPackageUpdateSchema>;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** 1999 → "$19.99" */
export const formatUsd = (cents: number) => usd.format(usdCentsToDollars(cents));

import { z } from 'zod';

export const tokenPackageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Tokens credited, hundredths. */
  tokens: z.number().int(),
  /** Price in US cents. */
  priceCents: z.number().int(),
  ordering: z.number().int(),
  active: z.boolean(),
});
export type TokenPackage = z.infer<typeof tokenPackageSchema>;

export const tokenPackageInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
  tokens: z.number().int('Tokens must be a whole number of hundredths').min(100, 'A package holds at least 1.00 token').max(100_000_000),
  priceCents: z
    .number()
    .int('Price must be whole cents')
    .min(50, 'Price must be at least $0.50')
    .max(1_000_000, 'Price must be at most $10,000.00'),
  ordering: z.number().int().min(0).max(10_000).default(0),
  active: z.boolean().default(true),
});
export type TokenPackageInput = z.input<typeof tokenPackageInputSchema>;
/** Partial update without defaults, so an omitted field keeps its value. */
export const tokenPackageUpdateSchema = z.object({
  name: tokenPackageInputSchema.shape.name.optional(),
  tokens: tokenPackageInputSchema.shape.tokens.optional(),
  priceCents: tokenPackageInputSchema.shape.priceCents.optional(),
  ordering: z.number().int().min(0).max(10_000).optional(),
  active: z.boolean().optional(),
});

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** 1999 → "$19.99" */
export const formatUsd = (cents: number) => usd.format(cents / 100);

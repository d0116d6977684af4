import { z } from 'zod';
import {
  hundredthsToTokens,
  tokensToHundredths,
  hasAtMostTwoDecimals,
  formatTokens,
  TOKEN_UNIT,
  USD_CENTS_UNIT,
  USD_UNIT,
} from './money-format';

/**
 * Token amounts (docs/product.md#units): on the wire — HTTP and socket events — a JSON number of
 * tokens with at most two decimals (`12.5`, `0.75`); inside the server and the database an integer
 * of hundredths (1250, 75). The two meet only here: `tokenAmount()` converts exactly at the edge of
 * every schema that carries an amount, `hundredthsToTokens` / `tokensToHundredths` everywhere else.
 */

type TokenAmountOptions = {
  /** Smallest allowed amount, in hundredths (default 0: negative amounts are refused). */
  min?: number;
  /** Largest allowed amount, in hundredths (default 1,000,000,000.00 tokens). */
  max?: number;
  /** What the amount is, for people: "A tip", "The price". Used in the range messages. */
  label?: string;
  description?: string;
};

const DEFAULT_MAX = 100_000_000_000;

/**
 * An amount typed into a form and sent as text (`"5"`, `"1.50"`) is read as that number, under the
 * same rules (docs/product.md#units). Only plain decimals: `""`, `" "`, `"5abc"`, `"0x10"` and
 * `"1e3"` are not amounts, though `Number()` would read some of them. Answers still send numbers.
 */
const numericText = z.codec(z.string().regex(/^-?\d+(\.\d+)?$/), z.number(), { decode: Number, encode: String });
/**
 * Typed as a number, which is what clients are told to send and what answers and socket events
 * carry: types read from a schema's input side (event payloads, the web app's calls) stay numbers.
 */
const wireNumber = (error: string) => z.union([z.number(), numericText], { error }) as unknown as z.ZodType<number, number>;

/**
 * A token amount: tokens (at most two decimals) on the wire, integer hundredths inside. Parsing a
 * request decodes (12.5 → 1250); serialising an answer encodes (1250 → 12.5). Refusals name the
 * field through the error handler: `token: Use at most two decimals`. A numeric string is read as its
 * number; the OpenAPI document still says number (platform/openapi.ts).
 */
export function tokenAmount({ min = 0, max = DEFAULT_MAX, label = 'The amount', description }: TokenAmountOptions = {}) {
  const wire = wireNumber(`${label} must be a number of tokens`)
    .refine(hasAtMostTwoDecimals, { message: `${label} has at most two decimals`, abort: true })
    .refine((t) => tokensToHundredths(t) >= min, {
      message: min === 0 ? `${label} cannot be negative` : `${label} must be at least ${formatTokens(hundredthsToTokens(min))} tokens`,
    })
    .refine((t) => tokensToHundredths(t) <= max, { message: `${label} must be at most ${formatTokens(hundredthsToTokens(max))} tokens` });
  const meta = { description: description ?? 'Tokens, at most two decimals', unit: TOKEN_UNIT };
  return z.codec(wire, z.number().int(), { decode: tokensToHundredths, encode: hundredthsToTokens }).meta({ ...meta, tokenAmount: true });
}

/** A signed token amount (a statement line, an adjustment): the same rules, negative allowed. */
export const signedTokenAmount = (options: Omit<TokenAmountOptions, 'min'> & { min?: number } = {}) =>
  tokenAmount({ min: -DEFAULT_MAX, ...options });

/** A price in US cents (card payments), kept apart from tokens and saying so. */
export const usdCents = (description = 'US cents') => z.number().int().meta({ description, unit: USD_CENTS_UNIT });
/** The same price in US dollars, for readers. */
export const usdDollars = (description = 'US dollars') => z.number().meta({ description, unit: USD_UNIT });

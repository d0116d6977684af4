import { z } from 'zod';
import { formatTokens, settingsSchema, usdCentsToDollars, type Settings, type UpdateSettingsInput } from '@cc/contracts';
import { isApiError, type ApiError } from '../../../../shared/api/apiError';
import { typedAmount } from '../../../../shared/forms/typedAmount';

const { shape } = settingsSchema;

/**
 * The settings form edits text; the contract's rules still decide. Commission and minimum payout
 * are typed as text (so "1,000.50" works and a half-typed value is kept) and checked with the
 * contract's rules; the rest are the contract's schemas as they are.
 */
export const settingsFormSchema = z.object({
  siteName: shape.siteName,
  contactEmail: z.string().trim().pipe(shape.contactEmail),
  siteCommission: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, 'Enter a whole percent from 0 to 100')
    .transform(Number)
    .pipe(shape.siteCommission),
  // Tokens, sent as tokens: checked with the contract's rule but not piped through it, since the
  // contract's codec would turn them into the hundredths the server keeps (docs/product.md#units).
  minPayout: typedAmount({ rule: shape.minPayoutTokens, hint: 'Enter an amount of tokens, like 100 or 99.50' }),
  // Typed in dollars as people say a rate ("0.08"), kept in the cents the contract counts.
  payoutRate: z
    .string()
    .trim()
    .regex(/^\$?\d{1,3}(\.\d{1,2})?$/, 'Enter dollars a token, like 0.08')
    .transform((dollars) => Math.round(Number(dollars.replace('$', '')) * 100))
    .pipe(shape.payoutRateCents),
  signupFreeTokens: typedAmount({ rule: shape.signupFreeTokens, hint: 'Enter an amount of tokens, like 10 or 2.50 (0 gives none)' }),
  callRingSeconds: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, 'Enter a whole number of seconds from 10 to 120')
    .transform(Number)
    .pipe(shape.callRingSeconds),
  legacySocketEvents: shape.legacySocketEvents,
  footerContent: shape.footerContent,
  footerScript: shape.footerScript,
});

export type SettingsFormValues = z.input<typeof settingsFormSchema>;
export type SettingsFormOutput = z.output<typeof settingsFormSchema>;
export const SETTINGS_FORM_FIELDS = [
  'siteName',
  'contactEmail',
  'siteCommission',
  'minPayout',
  'payoutRate',
  'signupFreeTokens',
  'callRingSeconds',
  'legacySocketEvents',
  'footerContent',
  'footerScript',
] as const;

export function toFormValues(settings: Settings): SettingsFormValues {
  return {
    siteName: settings.siteName,
    contactEmail: settings.contactEmail,
    siteCommission: String(settings.siteCommission),
    minPayout: formatTokens(settings.minPayoutTokens),
    payoutRate: usdCentsToDollars(settings.payoutRateCents).toFixed(2),
    signupFreeTokens: formatTokens(settings.signupFreeTokens),
    callRingSeconds: String(settings.callRingSeconds),
    legacySocketEvents: settings.legacySocketEvents,
    footerContent: settings.footerContent,
    footerScript: settings.footerScript,
  };
}

export function toUpdate({ minPayout, payoutRate, ...rest }: SettingsFormOutput): UpdateSettingsInput {
  return { ...rest, minPayoutTokens: minPayout, payoutRateCents: payoutRate };
}

/** The wire's field names, and the form's for the same settings. */
const FORM_NAMES: Record<string, string> = { minPayoutTokens: 'minPayout', payoutRateCents: 'payoutRate' };

/** The server names the wire fields (minPayoutTokens, payoutRateCents); the form calls them minPayout and payoutRate. */
export function withFormFieldNames(error: unknown): unknown {
  if (!isApiError(error) || !error.details?.fields) return error;
  const fields = Object.fromEntries(Object.entries(error.details.fields).map(([field, message]) => [FORM_NAMES[field] ?? field, message]));
  const renamed: ApiError = { ...error, details: { ...error.details, fields } };
  return renamed;
}

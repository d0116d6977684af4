import { z } from 'zod';
import { tokenAmount } from '../common/money';
import { USD_CENTS_UNIT } from '../common/money-format';

/** The most a new member may be given at sign-up: 1,000 tokens, in hundredths. */
export const SIGNUP_FREE_TOKENS_MAX = 100_000;
/** The most one token may pay a model: 100 US dollars, in cents. */
export const PAYOUT_RATE_CENTS_MAX = 10_000;
/** The range of `callRingSeconds`, whole seconds. */
export const CALL_RING_SECONDS_MIN = 10;
export const CALL_RING_SECONDS_MAX = 120;

/**
 * Site settings. `public` keys may be read by anyone through POST /system/configs/keys;
 * `autoload` keys also come with GET /system/configs/public (what the shell needs on first paint).
 * Everything else is for administrators only.
 */
export const settingKeys = {
  siteName: { public: true, autoload: true },
  siteFavicon: { public: true, autoload: true },
  footerContent: { public: true, autoload: false },
  footerScript: { public: true, autoload: false },
  contactEmail: { public: false, autoload: false },
  siteCommission: { public: false, autoload: false },
  // Public so the payouts page can say the smallest payout and its money before a code is mailed (issue #28).
  minPayoutTokens: { public: true, autoload: false },
  payoutRateCents: { public: true, autoload: false },
  signupFreeTokens: { public: false, autoload: false },
  callRingSeconds: { public: false, autoload: false },
  legacySocketEvents: { public: false, autoload: false },
} as const satisfies Record<string, { public: boolean; autoload: boolean }>;
export type SettingKey = keyof typeof settingKeys;

export const settingsSchema = z.object({
  siteName: z.string().trim().min(1, 'Site name is required').max(80, 'Site name must be at most 80 characters'),
  /** A URL path or absolute URL; ".ico" files get the shortcut-icon link, others the png link. */
  siteFavicon: z.string().trim().max(500, 'Favicon address must be at most 500 characters'),
  /** Administrator HTML, trusted by design. */
  footerContent: z.string().max(20_000, 'Footer content must be at most 20,000 characters'),
  /** Administrator JavaScript (not HTML), served as /api/system/footer-script.js. */
  footerScript: z.string().max(20_000, 'Footer script must be at most 20,000 characters'),
  contactEmail: z.union([z.literal(''), z.email('Contact e-mail must be a valid e-mail address')]),
  /** A percent (0–100), not tokens: the share of each sale the site keeps (docs/product.md#ledger). */
  siteCommission: z
    .number()
    .int('Commission must be a whole percent')
    .min(0, 'Commission cannot be negative')
    .max(100, 'Commission cannot be over 100 %')
    .meta({ description: 'Percent of each sale the site keeps, a whole number from 0 to 100 (not tokens)', unit: 'percent' }),
  /** Tokens on the wire, hundredths inside (docs/product.md#units). */
  minPayoutTokens: tokenAmount({ label: 'Minimum payout', description: 'The smallest payout a model may request, in tokens' }),
  /**
   * What one token pays a model, in US cents (docs/product.md#payouts): a request keeps the rate of
   * the moment it was made, so a later change never alters money already promised.
   */
  payoutRateCents: z
    .number({ error: 'Payout rate must be a number of cents' })
    .int('Payout rate must be a whole number of cents')
    .min(0, 'Payout rate cannot be negative')
    .max(PAYOUT_RATE_CENTS_MAX, 'Payout rate must be at most 10,000 cents ($100.00) a token')
    .meta({ description: 'US cents one token pays a model when paid out (not tokens)', unit: USD_CENTS_UNIT }),
  /** Tokens every new member gets at sign-up (docs/product.md#welcome-tokens); 0 gives none. */
  signupFreeTokens: tokenAmount({
    max: SIGNUP_FREE_TOKENS_MAX,
    label: 'Sign-up tokens',
    description: 'Tokens every new member is given when they sign up, 0 to 1,000 (0 gives none)',
  }),
  /** Whole seconds a call rings before it is missed (docs/product.md#calls); read when a call starts. */
  callRingSeconds: z
    .number({ error: 'Ring time must be a number of seconds' })
    .int('Ring time must be a whole number of seconds')
    .min(CALL_RING_SECONDS_MIN, `Ring time must be at least ${CALL_RING_SECONDS_MIN} seconds`)
    .max(CALL_RING_SECONDS_MAX, `Ring time must be at most ${CALL_RING_SECONDS_MAX} seconds`)
    .meta({ description: 'Seconds a call rings before it is missed, 10 to 120', unit: 'seconds' }),
  /** Also send the xChat client's socket events beside ours (docs/product.md#sockets). */
  legacySocketEvents: z.boolean({ error: 'Legacy socket events must be on or off' }).meta({
    description: "Also send the xChat client's socket events (new_message, balance_updated, …) beside ours",
  }),
});
export type Settings = z.infer<typeof settingsSchema>;
export const updateSettingsSchema = settingsSchema.partial();
export type UpdateSettingsInput = z.input<typeof updateSettingsSchema>;

export const publicConfigSchema = z.object({ siteName: z.string(), siteFavicon: z.string() });
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/**
 * POST /system/configs/keys — `{ keys: [...] }`; a single key as a string is read as a list of one
 * (docs/product.md#compatibility).
 */
export const configKeysRequestSchema = z.object({
  keys: z.preprocess(
    (keys: string | string[]) => (typeof keys === 'string' ? [keys] : keys),
    z
      .array(z.string().max(64), { error: 'keys must be a list of setting names' })
      .min(1, 'Name at least one key')
      .max(50, 'Ask for at most 50 keys'),
  ),
});
export type ConfigKeysInput = z.input<typeof configKeysRequestSchema>;

/** The keys anyone may read: those `settingKeys` marks public. */
type PublicSettingKey = { [K in SettingKey]: (typeof settingKeys)[K]['public'] extends true ? K : never }[SettingKey];
const publicKeys = {
  siteName: true,
  siteFavicon: true,
  footerContent: true,
  footerScript: true,
  minPayoutTokens: true,
  payoutRateCents: true,
} as const satisfies Record<PublicSettingKey, true>;

/** Only public keys that exist are answered; unknown and private keys are left out. */
export const configKeysAnswerSchema = settingsSchema.pick(publicKeys).partial();
export type ConfigKeysAnswer = z.infer<typeof configKeysAnswerSchema>;

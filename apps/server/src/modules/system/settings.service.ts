import { inArray } from 'drizzle-orm';
import {
  settingKeys,
  settingsSchema,
  publicConfigSchema,
  type ConfigKeysAnswer,
  type PublicConfig,
  type Settings,
  type SettingKey,
} from '@cc/contracts';
import { z } from 'zod';
import { settings } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/db';

/** Token amounts are hundredths here, as everywhere inside the server (docs/product.md#units). */
export const DEFAULT_SETTINGS: Settings = {
  siteName: 'Creator Chat',
  siteFavicon: '',
  footerContent: '',
  footerScript: '',
  contactEmail: '',
  siteCommission: 20,
  minPayoutTokens: 10_000,
};

/**
 * Stored values are checked as they are stored: amounts in hundredths. The wire schema would read
 * a stored 10000 as tokens and multiply it by 100, so amounts get their inside form here.
 */
const storedSettingsSchema = settingsSchema.extend({
  minPayoutTokens: z.number().int().min(0),
});

/** What the service writes: the settings after the route's schema decoded them (amounts in hundredths). */
export type SettingsPatch = Partial<Settings>;

/** Site settings stored as key → JSON value; a key never written reads as its default. */
export function createSettingsService({ db }: { db: Db }) {
  async function getAll(tx: DbOrTx = db): Promise<Settings> {
    const rows = await tx
      .select()
      .from(settings)
      .where(inArray(settings.key, Object.keys(settingKeys)));
    const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    const merged = { ...DEFAULT_SETTINGS, ...stored };
    // A value written by an older version that no longer validates falls back to its default.
    const parsed = storedSettingsSchema.safeParse(merged);
    return parsed.success ? parsed.data : DEFAULT_SETTINGS;
  }

  async function get<K extends SettingKey>(key: K, tx: DbOrTx = db): Promise<Settings[K]> {
    return (await getAll(tx))[key];
  }

  /** Writes the given keys together: in the caller's transaction, or in one of its own. */
  async function update(input: SettingsPatch, tx?: DbOrTx): Promise<Settings> {
    if (!tx) return db.transaction((own) => update(input, own));
    const entries = Object.entries(input).filter(([, v]) => v !== undefined);
    for (const [key, value] of entries) {
      await tx
        .insert(settings)
        .values({ key, value, updatedAt: new Date() })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    }
    return getAll(tx);
  }

  /** What the shell needs on first paint: the `autoload` keys. */
  async function autoload(): Promise<PublicConfig> {
    const all = await getAll();
    return publicConfigSchema.parse(Object.fromEntries(AUTOLOAD_KEYS.map((key) => [key, all[key]])));
  }

  /** The requested keys that are public; unknown and private keys are left out, not refused. */
  async function publicValues(keys: readonly string[]): Promise<ConfigKeysAnswer> {
    const all = await getAll();
    return Object.fromEntries(keys.filter(isPublicKey).map((key) => [key, all[key]]));
  }

  return { getAll, get, update, autoload, publicValues };
}

const AUTOLOAD_KEYS = (Object.keys(settingKeys) as SettingKey[]).filter((key) => settingKeys[key].autoload);
const isPublicKey = (key: string): key is SettingKey => Object.hasOwn(settingKeys, key) && settingKeys[key as SettingKey].public;

export type SettingsService = ReturnType<typeof createSettingsService>;

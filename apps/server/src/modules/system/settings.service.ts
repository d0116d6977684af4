import { inArray, sql } from 'drizzle-orm';
import {
  CALL_RING_TIMEOUT_MS,
  SIGNUP_FREE_TOKENS_MAX,
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
  // Just under what a token sells for in the cheapest default package ($9.99 for 100): the site
  // never pays out more than it took in (docs/product.md#payouts).
  payoutRateCents: 8,
  signupFreeTokens: 0,
  callRingSeconds: CALL_RING_TIMEOUT_MS / 1000,
  legacySocketEvents: true,
};

/**
 * Stored values are checked as they are stored: amounts in hundredths. The wire schema would read
 * a stored 10000 as tokens and multiply it by 100, so amounts get their inside form here.
 */
const storedSettingsSchema = settingsSchema.extend({
  minPayoutTokens: z.number().int().min(0),
  signupFreeTokens: z.number().int().min(0).max(SIGNUP_FREE_TOKENS_MAX),
});

/** What the service writes: the settings after the route's schema decoded them (amounts in hundredths). */
export type SettingsPatch = Partial<Settings>;

/**
 * How long `cached` trusts what it read. An update through this process clears it at once; another
 * process's update is seen within this long.
 */
export const SETTINGS_CACHE_MS = 5_000;

/** Site settings stored as key → JSON value; a key never written reads as its default. */
export function createSettingsService({ db, cacheMs = SETTINGS_CACHE_MS }: { db: Db; cacheMs?: number }) {
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

  const { cached, forgetCached } = settingsCache(getAll, cacheMs);

  /**
   * Writes the given keys together: in the caller's transaction, or in one of its own. `cached`
   * forgets what it read once an own transaction commits; in a caller's transaction it forgets now,
   * so a read before that commit may keep the old values for at most `cacheMs`.
   */
  async function update(input: SettingsPatch, tx?: DbOrTx): Promise<Settings> {
    if (!tx) {
      const updated = await db.transaction((own) => write(input, own));
      forgetCached();
      return updated;
    }
    forgetCached();
    return write(input, tx);
  }

  /**
   * Writes the keys in a transaction of its own and runs `alongside` in it with the settings as they
   * were and became, so an audit row commits with the change (docs/architecture.md#audit-log).
   */
  async function updateAlong(
    input: SettingsPatch,
    alongside: (change: { before: Settings; after: Settings }, tx: DbOrTx) => Promise<void>,
  ): Promise<Settings> {
    const updated = await db.transaction(async (own) => {
      // One settings change at a time, so each one's "before" is what the previous one left.
      await own.execute(sql`select pg_advisory_xact_lock(hashtext('settings'))`);
      const before = await getAll(own);
      const after = await write(input, own);
      await alongside({ before, after }, own);
      return after;
    });
    forgetCached();
    return updated;
  }

  async function write(input: SettingsPatch, tx: DbOrTx): Promise<Settings> {
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

  return { getAll, get, cached, update, updateAlong, autoload, publicValues };
}

/** `cached`'s short-lived copy of the settings, and the way an update makes it forget. */
function settingsCache(getAll: (tx?: DbOrTx) => Promise<Settings>, cacheMs: number) {
  let remembered: { settings: Settings; until: number } | undefined;
  let reading: Promise<Settings> | undefined;
  /** Bumped by every update: a read that started before it must not be remembered. */
  let generation = 0;

  /**
   * A setting for hot paths (the commission of every paid action), read through a short-lived
   * cache: settings change rarely, and one read serves every request meanwhile. Inside a caller's
   * transaction a cold cache is read through that transaction (on PGlite its one connection belongs
   * to the transaction until it ends) and that answer is not remembered, since it may hold the
   * transaction's own uncommitted change; the cache fills from a read of its own meanwhile.
   */
  async function cached<K extends SettingKey>(key: K, tx?: DbOrTx): Promise<Settings[K]> {
    if (remembered && remembered.until > Date.now()) return remembered.settings[key];
    const shared = refresh();
    return (await (tx ? getAll(tx) : shared))[key];
  }

  /** One read at a time fills the cache; a read that started before an update is not remembered. */
  function refresh(): Promise<Settings> {
    if (reading) return reading;
    const started = generation;
    const read = getAll().then((settings) => {
      if (started === generation) remembered = { settings, until: Date.now() + cacheMs };
      return settings;
    });
    reading = read;
    const done = () => {
      if (reading === read) reading = undefined;
    };
    // Also marks a failed read handled when nobody awaits it (a caller in a transaction read its own).
    read.then(done, done);
    return read;
  }

  /** Drops what `cached` remembers, and any read in flight that may predate a change. */
  function forgetCached() {
    generation++;
    remembered = undefined;
    reading = undefined;
  }

  return { cached, forgetCached };
}

const AUTOLOAD_KEYS = (Object.keys(settingKeys) as SettingKey[]).filter((key) => settingKeys[key].autoload);
const isPublicKey = (key: string): key is SettingKey => Object.hasOwn(settingKeys, key) && settingKeys[key as SettingKey].public;

export type SettingsService = ReturnType<typeof createSettingsService>;

import fc from 'fast-check';

/**
 * fast-check values for a route's zod schema: the right shape with wrong or extreme contents, and
 * outright wrong shapes. Each field is valid-looking half of the time and hostile the other half,
 * so a request gets past the first field checks often enough to reach the deeper ones.
 */

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

const nested = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
};

/** Strings a careless server chokes on: NUL, huge, lone surrogates, markup, SQL, paths, control and RTL characters. */
export const hostileString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    'x'.repeat(100_000),
    '\uD800',
    'é\uDFFF',
    '<img src=x onerror=alert(1)>',
    '<script>alert(1)</script>',
    "'; drop table users; --",
    '../../../../etc/passwd',
    '%00%2e%2e%2f',
    '\u202Egnp.exe',
    '𝕏'.repeat(2000),
    ' ',
    '',
    '-1',
    '1e309',
    'NaN',
    '0x10',
    '12.345',
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

/** Numbers at the edges: negative amounts, amounts with three decimals, beyond safe integers, huge. */
export const hostileNumber = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0.01,
    0.001,
    12.345,
    1.005,
    99.999,
    2 ** 31,
    -(2 ** 31),
    Number.MAX_SAFE_INTEGER + 2,
    1e21,
    -1e308,
    1e308,
    5e-324,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Values of another type than the schema wants, including structures too deep to walk by recursion. */
export const wrongType = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [null], JSON.parse('{"__proto__":{"role":"admin"}}'), {
    constructor: { prototype: { x: 1 } },
  }),
  fc.constant(nested(2_000)),
  fc.constant(Array.from({ length: 10_000 }, (_, i) => i)),
  hostileNumber,
  hostileString,
);

type Check = { check: string; minimum?: number; maximum?: number; value?: number; inclusive?: boolean; format?: string; pattern?: RegExp };
const checksOf = (def: Def) => ((def.checks as { _zod: { def: Check } }[] | undefined) ?? []).map((c) => c._zod.def);

/** Real ids to put where a uuid goes, so requests reach rows that exist, not only 404s. */
export type Hints = { ids: string[] };

const STRONG_PASSWORD = 'Str0ng!Passw0rd';

function plausibleString(def: Def, key: string, hints: Hints): fc.Arbitrary<unknown> {
  const checks = checksOf(def);
  const format = def.format as string | undefined;
  if (format === 'uuid' || format === 'guid') return hints.ids.length ? fc.oneof(fc.uuid(), fc.constantFrom(...hints.ids)) : fc.uuid();
  if (format === 'email') return fc.emailAddress();
  if (format === 'url') return fc.webUrl();
  if (format === 'datetime') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  const regex = checks.find((c) => c.format === 'regex')?.pattern;
  if (regex) {
    try {
      return fc.stringMatching(regex);
    } catch {
      // A pattern fast-check cannot invert (lookarounds): fall back to plain text.
    }
  }
  if (/password/i.test(key)) return fc.constant(STRONG_PASSWORD);
  const minLength = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
  const maxLength = Math.min(checks.find((c) => c.check === 'max_length')?.maximum ?? 40, minLength + 40);
  return fc.string({ minLength, maxLength, unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz _-0123456789é€') });
}

function plausibleNumber(def: Def): fc.Arbitrary<number> {
  const checks = checksOf(def);
  const min = checks.find((c) => c.check === 'greater_than')?.value ?? -5;
  const max = Math.min(checks.find((c) => c.check === 'less_than')?.value ?? 1_000, min + 10_000);
  const integer = checks.some((c) => c.format === 'safeint' || c.format === 'int32') || def.format === 'safeint';
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.oneof(
        fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
        fc.double({ min, max, noNaN: true }).map((n) => Math.round(n * 100) / 100),
      );
}

/** A value the schema would likely accept: each field the right type, in range, in format. */
function plausible(schema: unknown, hints: Hints, depth: number, key = ''): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (next: unknown, nextKey = key) => plausible(next, hints, depth + 1, nextKey);
  if (depth > 8) return fc.constant(null);
  switch (def.type) {
    case 'string':
      return plausibleString(def, key, hints);
    case 'number':
      return plausibleNumber(def);
    case 'bigint':
      return fc.bigInt({ min: 0n, max: 1_000n }).map(String);
    case 'boolean':
      return fc.boolean();
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'null':
      return fc.constant(null);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 4 });
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner(def.innerType);
    case 'pipe':
      // z.preprocess and transforms: the input side is what a client sends.
      return defOf(def.in).type === 'transform' ? inner(def.out) : inner(def.in);
    case 'lazy':
      return inner((def.getter as () => unknown)());
    case 'array':
      return fc.array(inner(def.element), { maxLength: 3 });
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map((item) => inner(item)));
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), inner(def.valueType), { maxKeys: 3 });
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => inner(option)));
    case 'intersection':
      return fc.tuple(inner(def.left), inner(def.right)).map(([a, b]) => (isRecord(a) && isRecord(b) ? { ...a, ...b } : a));
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      return fc.record(Object.fromEntries(Object.entries(shape).map(([name, value]) => [name, inner(value, name)])));
    }
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Sets one field, at any depth, of a plausible value to something hostile. */
function withOneHostileField(value: unknown, pick: number, hostile: unknown): unknown {
  if (!isRecord(value)) return hostile;
  const keys = Object.keys(value);
  if (keys.length === 0) return { [`x${pick % 7}`]: hostile };
  const key = keys[pick % keys.length]!;
  const field = value[key];
  return { ...value, [key]: isRecord(field) && pick % 3 === 0 ? withOneHostileField(field, Math.floor(pick / 3), hostile) : hostile };
}

/**
 * Values for any zod schema: plausible ones (reaching the handler), plausible ones with one field
 * hostile (reaching the deepest check that field meets), and hostile wholes.
 */
export function arbitraryFor(schema: unknown, hints: Hints = { ids: [] }): fc.Arbitrary<unknown> {
  const valid = plausible(schema, hints, 0);
  const hostile = fc.oneof(hostileNumber, wrongType);
  return fc.oneof(
    { arbitrary: valid, weight: 3 },
    { arbitrary: fc.tuple(valid, fc.nat(), hostile).map(([value, pick, bad]) => withOneHostileField(value, pick, bad)), weight: 4 },
    { arbitrary: hostile, weight: 1 },
  );
}

/** A query string from generated values: each value as text, as a browser would send it. */
export function toQueryString(value: unknown): string {
  if (!isRecord(value)) return `?${encode(textOf(value))}`;
  const pairs: string[] = [];
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined) continue;
    for (const item of Array.isArray(field) ? field : [field]) pairs.push(`${encode(key)}=${encode(textOf(item))}`);
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).slice(0, 50_000);

/** Percent-encodes like a browser; a lone surrogate goes as the invalid UTF-8 bytes a hostile client can send. */
const encode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

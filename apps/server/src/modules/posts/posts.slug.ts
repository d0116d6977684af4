/** Room left under the contract's 200 characters for a "-N" suffix on a clash. */
const SLUG_BASE_MAX = 190;

/**
 * A post's address from its title (docs/product.md#posts): lowercase ASCII letters and digits joined
 * by single hyphens, accents folded ("Café au lait" → "cafe-au-lait"). A title with nothing usable
 * (only symbols, or a script without Latin letters) gives "post".
 */
export function slugFromTitle(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_BASE_MAX)
    .replace(/^-+|-+$/g, '');
  return slug || 'post';
}

/** The first of base, base-2, base-3, … that is not taken. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

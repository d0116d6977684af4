/** `%` and `_` are wildcards in LIKE (and `\` escapes them): a search for "50%" must match only that text. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A case-insensitive substring pattern for `ilike`. */
export const contains = (text: string) => `%${escapeLike(text)}%`;

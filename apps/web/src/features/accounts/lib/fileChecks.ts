import { formatBytes } from '../../../shared/format';

export type FileRule = { types: readonly string[]; maxBytes: number; kinds: string };

const MB = 1024 * 1024;

/** Checked before upload so people learn at once; the server checks the bytes again. */
export const AVATAR_RULE: FileRule = {
  types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  maxBytes: 5 * MB,
  kinds: 'JPEG, PNG, WebP or GIF',
};
export const DOCUMENT_RULE: FileRule = {
  types: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
  maxBytes: 10 * MB,
  kinds: 'JPEG, PNG, WebP or PDF',
};

/** The reason a file cannot be uploaded, or null when it may go. */
export function fileProblem(file: Pick<File, 'type' | 'size'>, rule: FileRule): string | null {
  if (!rule.types.includes(file.type)) return `Choose a ${rule.kinds} file.`;
  if (file.size > rule.maxBytes) return `That file is ${formatBytes(file.size)}, over the ${formatBytes(rule.maxBytes)} limit.`;
  if (file.size === 0) return 'That file is empty.';
  return null;
}

export const acceptAttribute = (rule: FileRule) => rule.types.join(',');

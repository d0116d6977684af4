import { formatBytes } from '../../../../shared/format';

/** Mirrors the server's favicon policy so a wrong file is caught before it is sent. */
export const FAVICON_MAX_BYTES = 1024 * 1024;
const FAVICON_EXTENSIONS = ['png', 'ico', 'webp'];
const FAVICON_TYPES = ['image/png', 'image/x-icon', 'image/vnd.microsoft.icon', 'image/webp'];
export const FAVICON_ACCEPT = '.png,.ico,.webp,image/png,image/x-icon,image/vnd.microsoft.icon,image/webp';

/** Why the file cannot be a favicon, or null when it may be uploaded. */
export function faviconProblem(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  // Browsers report .ico files under several types (or none), so the ending also counts.
  if (!FAVICON_TYPES.includes(file.type) && !FAVICON_EXTENSIONS.includes(extension)) return 'The favicon must be a PNG, ICO or WebP image.';
  if (file.size > FAVICON_MAX_BYTES)
    return `The favicon must be at most ${formatBytes(FAVICON_MAX_BYTES)}; this file is ${formatBytes(file.size)}.`;
  if (file.size === 0) return 'This file is empty.';
  return null;
}

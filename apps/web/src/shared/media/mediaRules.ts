import { MEDIA_LIMITS, MEDIA_TYPES, type MediaType } from '@cc/contracts';
import { formatBytes } from '../format';

/**
 * Which kind of upload a file is and whether the server will take it (docs/product.md#media),
 * judged before any byte leaves so a wrong file is refused at once. The server judges the bytes again.
 */

export const MEDIA_LABEL: Record<MediaType, string> = { photo: 'Photo', video: 'Video', file: 'File' };

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

const accepts = (kind: MediaType, file: Pick<File, 'name' | 'type'>) => {
  const ext = extensionOf(file.name);
  // A browser that cannot name the type leaves it empty; the extension decides then.
  return MEDIA_TYPES[kind].some((allowed) =>
    file.type ? allowed.mime === file.type : allowed.ext === ext || (allowed.ext === 'jpg' && ext === 'jpeg'),
  );
};

/** Photo, video or file, chosen by the file's type: pictures and films go as such, the rest as files. */
export function mediaKindOf(file: Pick<File, 'name' | 'type'>): MediaType {
  if (accepts('photo', file)) return 'photo';
  if (accepts('video', file)) return 'video';
  const family = file.type.split('/')[0];
  if (family === 'image') return 'photo';
  if (family === 'video') return 'video';
  return 'file';
}

const list = (words: string[]) => (words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`);
const readableTypes = (kind: MediaType) =>
  list([...new Set(MEDIA_TYPES[kind].map((t) => (t.ext === 'jpg' ? 'JPEG' : t.ext.toUpperCase())))]);

/**
 * Why a file cannot be uploaded, or null when it may go. `use` says what it is for, as people read
 * it: "This kind of file cannot be sent" (chat), "… cannot be sold" (the store).
 */
export function mediaProblem(file: Pick<File, 'name' | 'type' | 'size'>, use: 'sent' | 'sold'): string | null {
  const kind = mediaKindOf(file);
  if (!accepts(kind, file)) {
    return kind === 'file'
      ? `This kind of file cannot be ${use}. ${use === 'sent' ? 'Send' : 'Sell'} a ${readableTypes('file')} file.`
      : `${MEDIA_LABEL[kind]}s must be ${readableTypes(kind)}.`;
  }
  if (file.size === 0) return 'That file is empty.';
  if (file.size > MEDIA_LIMITS[kind]) return `${MEDIA_LABEL[kind]} is too large: the limit is ${formatBytes(MEDIA_LIMITS[kind])}.`;
  return null;
}

/** A file picker's filter: every type any kind accepts. */
export const MEDIA_ACCEPT = [...new Set(Object.values(MEDIA_TYPES).flatMap((types) => types.flatMap((t) => [t.mime, `.${t.ext}`])))].join(
  ',',
);

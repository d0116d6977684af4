import { MEDIA_LIMITS, MEDIA_TYPES, type MediaType } from '@cc/contracts';
import { formatBytes } from '../../../shared/format';

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
 * Why a file cannot be sent, said before anything is uploaded (the server judges the bytes again),
 * or null when it may go.
 */
export function attachmentProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const kind = mediaKindOf(file);
  if (!accepts(kind, file)) {
    return kind === 'file'
      ? `This kind of file cannot be sent. Send a ${readableTypes('file')} file.`
      : `${MEDIA_LABEL[kind]}s must be ${readableTypes(kind)}.`;
  }
  if (file.size === 0) return 'That file is empty.';
  if (file.size > MEDIA_LIMITS[kind]) return `${MEDIA_LABEL[kind]} is too large: the limit is ${formatBytes(MEDIA_LIMITS[kind])}.`;
  return null;
}

/** The file picker's filter: every type any kind accepts. */
export const ATTACH_ACCEPT = [...new Set(Object.values(MEDIA_TYPES).flatMap((types) => types.flatMap((t) => [t.mime, `.${t.ext}`])))].join(
  ',',
);

/** What members upload: its kinds, sizes and file types, for the pages that check a file before sending it. No zod here (media.ts holds the schemas). */
export const MEDIA_KINDS = ['photo', 'video', 'file'] as const;
export type MediaType = (typeof MEDIA_KINDS)[number];

const MB = 1024 * 1024;
/** The largest upload of each kind, in bytes (docs/product.md#media). */
export const MEDIA_LIMITS: Record<MediaType, number> = { photo: 20 * MB, video: 500 * MB, file: 100 * MB };

/**
 * What each kind accepts, judged on the server from the file's first bytes. The web app checks the
 * same lists (by the file's type and extension) before uploading, so a person hears at once.
 */
export const MEDIA_TYPES: Record<MediaType, readonly { mime: string; ext: string }[]> = {
  photo: [
    { mime: 'image/jpeg', ext: 'jpg' },
    { mime: 'image/png', ext: 'png' },
    { mime: 'image/webp', ext: 'webp' },
    { mime: 'image/gif', ext: 'gif' },
  ],
  video: [
    { mime: 'video/mp4', ext: 'mp4' },
    { mime: 'video/webm', ext: 'webm' },
    { mime: 'video/quicktime', ext: 'mov' },
  ],
  file: [
    { mime: 'application/pdf', ext: 'pdf' },
    { mime: 'application/zip', ext: 'zip' },
    { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' },
    { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' },
    { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', ext: 'pptx' },
    { mime: 'application/vnd.oasis.opendocument.text', ext: 'odt' },
    { mime: 'application/epub+zip', ext: 'epub' },
    { mime: 'audio/mpeg', ext: 'mp3' },
    { mime: 'audio/mp4', ext: 'm4a' },
    { mime: 'audio/wav', ext: 'wav' },
    { mime: 'audio/ogg', ext: 'ogg' },
    { mime: 'image/jpeg', ext: 'jpg' },
    { mime: 'image/png', ext: 'png' },
    { mime: 'image/webp', ext: 'webp' },
    { mime: 'image/gif', ext: 'gif' },
    { mime: 'video/mp4', ext: 'mp4' },
    { mime: 'video/webm', ext: 'webm' },
    { mime: 'video/quicktime', ext: 'mov' },
  ],
};

/** The multipart field that carries the file of POST /media/photos, /media/videos and /media/files. */
export const MEDIA_FILE_FIELD = 'file';

import { IMAGE_TYPES, type UploadPolicy } from '../../platform/uploads';

const MB = 1024 * 1024;

/** Re-encoded to a square WebP, public so any member can see it. */
export const AVATAR_POLICY: UploadPolicy = {
  kind: 'avatar',
  visibility: 'public',
  maxBytes: 5 * MB,
  accept: IMAGE_TYPES,
  transform: 'avatar',
  label: 'Avatar',
};

/** Identity documents: private (owner and administrators only), kept as sent. */
export const DOCUMENT_POLICY: UploadPolicy = {
  kind: 'document',
  visibility: 'private',
  maxBytes: 10 * MB,
  accept: [...IMAGE_TYPES.filter((t) => t.mime !== 'image/gif'), { mime: 'application/pdf', ext: 'pdf' }],
  label: 'Document',
};

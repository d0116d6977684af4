import { MEDIA_LIMITS, MEDIA_TYPES, type MediaType } from '@cc/contracts';
import type { UploadPolicy } from '../../platform/uploads';

const LABELS: Record<MediaType, string> = { photo: 'Photo', video: 'Video', file: 'File' };

/** Members' media is private: the owner, administrators and features' read rules decide who sees it. */
export const mediaPolicy = (type: MediaType): UploadPolicy => ({
  kind: 'media',
  visibility: 'private',
  maxBytes: MEDIA_LIMITS[type],
  accept: MEDIA_TYPES[type],
  label: LABELS[type],
  mediaType: type,
  ...(type === 'photo' ? { transform: 'strip-metadata' as const } : {}),
});

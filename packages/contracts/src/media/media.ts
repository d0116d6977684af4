import { z } from 'zod';
import { MEDIA_KINDS } from './media-types';

export const mediaTypeSchema = z.enum(MEDIA_KINDS);

/** An uploaded photo, video or file. URLs are same-origin API paths; downloads check the viewer's right. */
export const mediaSchema = z.object({
  _id: z.string(),
  type: mediaTypeSchema,
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  /** GET /media/{id}/download/ — the file itself (ranges supported, for video). */
  url: z.string(),
  /** A small JPEG: the photo's thumbnail or the video's poster frame; null for other files. */
  thumbnailUrl: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Media = z.infer<typeof mediaSchema>;

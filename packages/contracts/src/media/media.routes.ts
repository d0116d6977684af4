import { idParamSchema } from '../common/envelope';
import { defineRoute } from '../common/routes';
import { mediaSchema } from './media';
import { MEDIA_FILE_FIELD, MEDIA_LIMITS, MEDIA_TYPES, type MediaType } from './media-types';
import { mediaPaths } from './media.paths';

const tags = ['media'];

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const typesOf = (type: MediaType) => MEDIA_TYPES[type].map((t) => t.ext.toUpperCase()).join(', ');

const upload = (type: MediaType, paths: (typeof mediaPaths)['uploadPhoto' | 'uploadVideo' | 'uploadFile']) =>
  defineRoute({
    ...paths,
    access: 'member',
    tags,
    summary: `Upload a ${type} (multipart field "${MEDIA_FILE_FIELD}": ${typesOf(type)} up to ${megabytes(MEDIA_LIMITS[type])})`,
    status: 201,
    answer: mediaSchema,
  });

const downloadSummary = 'The file itself, for its owner and whoever a feature lets see it (ranges supported)';

/**
 * Members' media (docs/product.md#media). Downloads are 'public' routes that check the viewer's
 * right themselves: <img> and <video> cannot send a bearer header, so they also accept the
 * accessToken cookie, and a missing file and a file the viewer may not see answer the same 404.
 */
export const mediaRoutes = {
  uploadPhoto: upload('photo', mediaPaths.uploadPhoto),
  uploadVideo: upload('video', mediaPaths.uploadVideo),
  uploadFile: upload('file', mediaPaths.uploadFile),
  /** The spec writes the download with its trailing slash. */
  download: defineRoute({
    ...mediaPaths.download,
    access: 'public',
    tags,
    summary: downloadSummary,
    params: idParamSchema,
    answer: 'raw',
  }),
  thumbnail: defineRoute({
    ...mediaPaths.thumbnail,
    access: 'public',
    tags,
    summary: "A photo's thumbnail or a video's poster frame (JPEG); 404 when there is none",
    params: idParamSchema,
    answer: 'raw',
  }),
};

import type { Media } from '@cc/contracts';
import type { FileRow } from '../../platform/uploads';

export const mediaDownloadUrl = (id: string) => `/api/media/${id}/download/`;
export const mediaThumbnailUrl = (id: string) => `/api/media/${id}/thumbnail`;

/** The Media DTO: an allow-list; storage keys and the owner never leave the server. */
export function toMediaDto(file: FileRow): Media {
  return {
    _id: file.id,
    type: file.mediaType ?? 'file',
    name: file.fileName,
    mimeType: file.mimeType,
    size: file.size,
    url: mediaDownloadUrl(file.id),
    thumbnailUrl: file.thumbnailKey ? mediaThumbnailUrl(file.id) : null,
    width: file.width,
    height: file.height,
    createdAt: file.createdAt.toISOString(),
  };
}

import { notFound } from '../../platform/errors';
import type { MediaAccess } from '../../platform/media-access';
import type { FileRow } from '../../platform/uploads';
import type { MediaRepository } from './media.repository';

type Viewer = { id: string; role: string } | null | undefined;

/** One answer for "missing" and "not yours", so nobody learns which files exist. */
export const MEDIA_NOT_FOUND = 'That file does not exist or you cannot see it.';

/** Reading members' media with the viewer's right: owner, administrator, or a feature's rule. */
export function createMediaService({ repo, mediaAccess }: { repo: MediaRepository; mediaAccess: MediaAccess }) {
  async function findReadable({ id, viewer }: { id: string; viewer: Viewer }): Promise<FileRow> {
    const file = await repo.findMedia(id);
    if (!file || !(await mediaAccess.canRead(file, viewer))) throw notFound(MEDIA_NOT_FOUND);
    return file;
  }

  async function findThumbnail({ id, viewer }: { id: string; viewer: Viewer }): Promise<{ file: FileRow; key: string }> {
    const file = await findReadable({ id, viewer });
    if (!file.thumbnailKey) throw notFound('That file has no thumbnail.');
    return { file, key: file.thumbnailKey };
  }

  return { findReadable, findThumbnail };
}
export type MediaService = ReturnType<typeof createMediaService>;

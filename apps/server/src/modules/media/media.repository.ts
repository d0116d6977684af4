import { and, eq, inArray } from 'drizzle-orm';
import { files } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/db';
import type { FileRow } from '../../platform/uploads';

/** Members' media rows (files of kind `media`); other files are never answered from here. */
export function createMediaRepository(db: Db) {
  async function findMedia(id: string, tx: DbOrTx = db): Promise<FileRow | undefined> {
    const [row] = await tx
      .select()
      .from(files)
      .where(and(eq(files.id, id), eq(files.kind, 'media')))
      .limit(1);
    return row;
  }

  async function findManyMedia(ids: string[], tx: DbOrTx = db): Promise<FileRow[]> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return [];
    return tx
      .select()
      .from(files)
      .where(and(inArray(files.id, wanted), eq(files.kind, 'media')));
  }

  return { findMedia, findManyMedia };
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;

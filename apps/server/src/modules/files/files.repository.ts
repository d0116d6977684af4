import { eq } from 'drizzle-orm';
import { files } from '../../db/schema';
import type { Db } from '../../platform/db';

export type StoredFileRow = typeof files.$inferSelect;

/** Reads the rows of stored files (platform/uploads.ts writes them). */
export const createFilesRepository = (db: Db) => ({
  async findById(id: string): Promise<StoredFileRow | undefined> {
    const [file] = await db.select().from(files).where(eq(files.id, id)).limit(1);
    return file;
  },
});
export type FilesRepository = ReturnType<typeof createFilesRepository>;

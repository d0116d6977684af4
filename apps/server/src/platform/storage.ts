import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';

/** Where uploaded bytes live. Local disk under DATA_DIR/files by default. */
export interface Storage {
  /**
   * Streams the content to storage and returns its key; never holds the whole file in memory.
   * If the content fails or is cut off, it rejects and keeps nothing (no partial or empty file).
   */
  put(content: Readable, opts: { prefix: string; extension: string }): Promise<{ key: string; size: number }>;
  read(key: string, range?: { start: number; end: number }): Readable;
  size(key: string): Promise<number>;
  remove(key: string): Promise<void>;
  /**
   * The file's path on this machine, for tools that need a seekable file (ffmpeg reading a video).
   * Storage that keeps files elsewhere leaves it out, and callers stream with `read` instead.
   */
  localPath?(key: string): string;
  /** Lets go of connections (an S3 client's sockets) when the app stops. */
  close?(): void;
}

export function createLocalStorage(dataDir: string): Storage {
  const root = path.join(dataDir, 'files');
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error('storage key escapes the root');
    return full;
  };
  return {
    async put(content, { prefix, extension }) {
      const key = `${prefix}/${randomUUID()}${extension ? `.${extension}` : ''}`;
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      try {
        await pipeline(content, createWriteStream(full));
      } catch (error) {
        await rm(full, { force: true });
        throw error;
      }
      return { key, size: (await stat(full)).size };
    },
    read: (key, range) => createReadStream(resolve(key), range),
    size: async (key) => (await stat(resolve(key))).size,
    remove: (key) => rm(resolve(key), { force: true }),
    localPath: resolve,
  };
}

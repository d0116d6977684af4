import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { MEDIA_FILE_FIELD } from '@cc/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { files } from '../../../db/schema';
import type { TestApp } from '../../../test-support/harness';

/** A real picture of the given size, in the given format. */
export const makeImage = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();

/** A 2-second 160×120 MP4 (H.264) made once with ffmpeg and kept beside the tests. */
export const sampleVideo = () => readFileSync(path.join(import.meta.dirname, 'fixtures', 'clip.mp4'));

export const samplePdf = () => Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

export type Upload = { name: string; type: string; content: Buffer | Readable };

/**
 * Posts one file the way a browser form does. A Readable content is sent as a stream, so a test can
 * send more bytes than it ever holds in memory.
 */
export async function upload(app: TestApp, url: string, file: Upload, opts: { token?: string; cookie?: string } = {}) {
  const boundary = `----media${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${MEDIA_FILE_FIELD}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const content = file.content;
  const payload = Buffer.isBuffer(content)
    ? Buffer.concat([head, content, tail])
    : Readable.from(
        (async function* () {
          yield head;
          yield* content;
          yield tail;
        })(),
      );
  const res = await app.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
}

/** GETs raw bytes with the given headers (bearer token, cookie, Range). */
export async function fetchBytes(app: TestApp, url: string, opts: { token?: string; headers?: Record<string, string> } = {}) {
  const res = await app.app.inject({
    method: 'GET',
    url,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json: () => JSON.parse(res.body) };
}

/** `size` bytes that start like `prefix`, made lazily in chunks so the test never holds them all. */
export function lazyBytes(prefix: Buffer, size: number): Readable {
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  return Readable.from(
    (function* () {
      yield prefix;
      for (let sent = prefix.length; sent < size; sent += chunk.length) yield chunk.subarray(0, Math.min(chunk.length, size - sent));
    })(),
  );
}

/** Media rows a member owns. */
export const mediaRowsOf = (app: TestApp, ownerId: string) => app.ctx.db.select().from(files).where(eq(files.ownerId, ownerId));

/** Files on disk under DATA_DIR/files/media, to prove a refused upload left no bytes behind. */
export function storedMedia(app: TestApp): string[] {
  const dir = path.join(app.config.dataDir, 'files', 'media');
  return existsSync(dir) ? readdirSync(dir) : [];
}

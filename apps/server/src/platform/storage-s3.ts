import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../config/config';
import type { Storage } from './storage';

/** Parts are buffered in memory before they go out: one upload holds at most PART_BYTES × (QUEUE + 1). */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/**
 * Uploaded bytes in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…) when S3_* is set
 * (docs/operations.md). Keys are the same as on local disk (`media/<uuid>.jpg`), so the database
 * rows do not say where the bytes live. There is no local path: photos are read into memory for
 * sharp and videos are streamed to ffmpeg (see media.previews.ts).
 */
export function createS3Storage(config: S3Config): Storage & { close(): void } {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // The SDK's newer default checksums (CRC32 headers, aws-chunked bodies) are not understood by
    // every S3-compatible server; the signed SHA-256 of each request's payload already proves its bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  return {
    async put(content, { prefix, extension }) {
      const key = `${prefix}/${randomUUID()}${extension ? `.${extension}` : ''}`;
      let size = 0;
      const counted = Readable.from(
        (async function* () {
          for await (const chunk of content) {
            size += (chunk as Buffer).length;
            yield chunk as Buffer;
          }
        })(),
        { objectMode: false },
      );
      // The length is unknown until the stream ends: small files go up in one PutObject, larger ones
      // as a multipart upload, which lib-storage aborts on any failure so no parts are left billed.
      const upload = new Upload({ client, params: { Bucket, Key: key, Body: counted }, partSize: PART_BYTES, queueSize: PARTS_IN_FLIGHT });
      try {
        await upload.done();
      } catch (error) {
        content.destroy();
        throw error;
      }
      return { key, size };
    },

    read(key, range) {
      const out = new PassThrough();
      const abort = new AbortController();
      // A reader that stops early (a player seeking, a closed tab) must not leave the GET running.
      out.once('close', () => {
        if (!out.writableFinished) abort.abort();
      });
      client
        .send(new GetObjectCommand({ Bucket, Key: key, Range: range && `bytes=${range.start}-${range.end}` }), {
          abortSignal: abort.signal,
        })
        .then(({ Body }) => pipeline(Body as Readable, out))
        .catch((error: unknown) => {
          if (!out.destroyed) out.destroy(asMissing(error, key));
        });
      return out;
    },

    async size(key) {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key })).catch((error: unknown) => {
        throw asMissing(error, key);
      });
      return head.ContentLength ?? 0;
    },

    async remove(key) {
      // S3 answers a delete of a missing key with success, like `rm -f`.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    close: () => client.destroy(),
  };
}

/** A missing object fails the way a missing file on disk does (code ENOENT), whichever storage is in use. */
function asMissing(error: unknown, key: string): Error {
  const name = (error as { name?: string }).name;
  if (name !== 'NoSuchKey' && name !== 'NotFound') return error as Error;
  return Object.assign(new Error(`no stored file ${key}`), { code: 'ENOENT', cause: error });
}

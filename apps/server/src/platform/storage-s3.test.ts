import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/config';
import { startFakeS3, type FakeS3 } from '../test-support/fake-s3';
import { createS3Storage } from './storage-s3';

let s3: FakeS3;
let storage: ReturnType<typeof createS3Storage>;
beforeAll(async () => {
  s3 = await startFakeS3();
  storage = createS3Storage(s3.config);
});
afterAll(async () => {
  storage.close();
  await s3.close();
});

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** `count` chunks of 1 MiB, each different, made as they are read; then `failWith` if given. */
function megabytes(count: number, failWith?: Error): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < count; i++) yield Buffer.alloc(1024 * 1024, i + 1);
      if (failWith) throw failWith;
    })(),
  );
}
const expectedMegabytes = (count: number) => Buffer.concat(Array.from({ length: count }, (_, i) => Buffer.alloc(1024 * 1024, i + 1)));

const requestsSince = (start: number) => s3.requests.slice(start);

it('streams a file into the bucket under a fresh key and reads the same bytes back', async () => {
  const bytes = randomBytes(300_000);
  const stored = await storage.put(Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]), {
    prefix: 'media',
    extension: 'jpg',
  });

  expect(stored.key).toMatch(/^media\/[0-9a-f-]{36}\.jpg$/);
  expect(stored.size).toBe(bytes.length);
  expect(s3.object(stored.key)?.equals(bytes)).toBe(true);
  expect((await readAll(storage.read(stored.key))).equals(bytes)).toBe(true);
  expect(await storage.size(stored.key)).toBe(bytes.length);

  const again = await storage.put(Readable.from([bytes]), { prefix: 'media', extension: 'jpg' });
  expect(again.key).not.toBe(stored.key);
});

it('sends a file larger than one part as a multipart upload, assembled in order', async () => {
  const start = s3.requests.length;
  const stored = await storage.put(megabytes(12), { prefix: 'media', extension: 'mp4' });

  expect(stored.size).toBe(12 * 1024 * 1024);
  const parts = requestsSince(start).filter((r) => r.method === 'PUT' && r.query.partNumber);
  expect(parts.map((r) => [r.query.partNumber, r.status]).sort()).toEqual([
    ['1', 200],
    ['2', 200],
    ['3', 200],
  ]);
  expect(sha256(await readAll(storage.read(stored.key)))).toBe(sha256(expectedMegabytes(12)));
  expect(s3.openUploads()).toBe(0);
});

it('reads a byte range with a ranged GET, not by downloading the whole object', async () => {
  const bytes = randomBytes(4000);
  const { key } = await storage.put(Readable.from([bytes]), { prefix: 'media', extension: 'mp4' });
  const start = s3.requests.length;

  const slice = await readAll(storage.read(key, { start: 1000, end: 1999 }));

  expect(slice.equals(bytes.subarray(1000, 2000))).toBe(true);
  expect(requestsSince(start)).toEqual([{ method: 'GET', key, query: { 'x-id': 'GetObject' }, range: 'bytes=1000-1999', status: 206 }]);
  expect((await readAll(storage.read(key, { start: 3990, end: 3999 }))).equals(bytes.subarray(3990))).toBe(true);
});

it('lets go of the connection when a reader stops early, so many abandoned reads do not starve later ones', async () => {
  const { key } = await storage.put(megabytes(6), { prefix: 'media', extension: 'mp4' });
  // More than the client's 50 pooled sockets: a read that kept its socket would leave none for the last one.
  for (let i = 0; i < 60; i++) {
    const stream = storage.read(key);
    await new Promise((resolve) => stream.once('data', resolve));
    stream.destroy();
  }
  const tail = await readAll(storage.read(key, { start: 6 * 1024 * 1024 - 10, end: 6 * 1024 * 1024 - 1 }));
  expect(tail.equals(Buffer.alloc(10, 6))).toBe(true);
});

it('removes a file; removing it again, or a key never stored, is not an error', async () => {
  const { key } = await storage.put(Readable.from([Buffer.from('to be deleted')]), { prefix: 'media', extension: 'txt' });
  expect(s3.keys()).toContain(key);

  await storage.remove(key);
  expect(s3.keys()).not.toContain(key);
  await expect(storage.remove(key)).resolves.toBeUndefined();
  await expect(storage.remove('media/never-stored.jpg')).resolves.toBeUndefined();
});

it('fails a read or size of a missing key with ENOENT, as a missing file on disk does', async () => {
  await expect(readAll(storage.read('media/missing.jpg'))).rejects.toMatchObject({ code: 'ENOENT' });
  await expect(storage.size('media/missing.jpg')).rejects.toMatchObject({ code: 'ENOENT' });
});

it('keeps nothing when the incoming stream fails, and aborts a multipart upload already begun', async () => {
  const before = s3.keys();
  const start = s3.requests.length;

  // Fails within the first part: nothing was ever sent.
  await expect(storage.put(megabytes(2, new Error('client went away')), { prefix: 'media', extension: 'mp4' })).rejects.toThrow(
    'client went away',
  );
  expect(requestsSince(start)).toEqual([]);

  // Fails after the first full part: the upload was begun, then aborted.
  await expect(storage.put(megabytes(7, new Error('client went away')), { prefix: 'media', extension: 'mp4' })).rejects.toThrow(
    'client went away',
  );
  const methods = requestsSince(start).map((r) => `${r.method} ${Object.keys(r.query).sort().join(',')}`);
  expect(methods[0]).toBe('POST uploads');
  expect(methods.at(-1)).toBe('DELETE uploadId,x-id');
  expect(s3.openUploads()).toBe(0);
  expect(s3.keys()).toEqual(before);
});

it('signs every request with the configured secret: a wrong one is refused by the server', async () => {
  const wrong = createS3Storage({ ...s3.config, secretAccessKey: 'not-the-secret' });
  try {
    await expect(wrong.put(Readable.from([Buffer.from('x')]), { prefix: 'media', extension: 'txt' })).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
  } finally {
    wrong.close();
  }
});

describe('S3 settings', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-s3-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env }, { jwtSecret: 'x'.repeat(32) });
  const all = {
    S3_ENDPOINT: 'https://s3.example.org',
    S3_REGION: 'eu-central-1',
    S3_BUCKET: 'creator-media',
    S3_ACCESS_KEY_ID: 'AKEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'secret-example',
  };

  it('keeps files on local disk when no S3_* is set', () => {
    expect(load({}).storage).toEqual({ provider: 'local' });
  });

  it('uses the bucket when all five are set, addressing it by path unless told otherwise', () => {
    expect(load(all).storage).toEqual({
      provider: 's3',
      s3: {
        endpoint: 'https://s3.example.org',
        region: 'eu-central-1',
        bucket: 'creator-media',
        accessKeyId: 'AKEXAMPLE',
        secretAccessKey: 'secret-example',
        forcePathStyle: true,
      },
    });
    expect(load({ ...all, S3_FORCE_PATH_STYLE: 'false' }).storage).toMatchObject({ s3: { forcePathStyle: false } });
  });

  it('refuses to start with part of the S3 settings, naming each one missing', () => {
    const partial = () => load({ S3_BUCKET: 'creator-media', S3_ENDPOINT: 'https://s3.example.org', S3_REGION: '' });
    expect(partial).toThrow(ConfigError);
    expect(partial).toThrow(/S3_REGION: is required for S3 storage/);
    expect(partial).toThrow(/S3_ACCESS_KEY_ID: is required/);
    expect(partial).toThrow(/S3_SECRET_ACCESS_KEY: is required/);
    expect(partial).not.toThrow(/S3_BUCKET:/);
  });

  it('refuses a bucket name S3 would not accept', () => {
    expect(() => load({ ...all, S3_BUCKET: 'Creator_Media' })).toThrow(/S3_BUCKET: must be a bucket name/);
  });
});

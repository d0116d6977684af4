import { spawnSync } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, expect, it, vi } from 'vitest';
import { createLocalStorage, type Storage } from '../../../platform/storage';
import { grabFrame } from '../media.frames';
import { createMediaPreviews } from '../media.previews';
import { sampleVideo } from './helpers';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-posters-'));
const disk = createLocalStorage(dataDir);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const storeClip = async (storage: Storage) => {
  const stored = await storage.put(Readable.from([sampleVideo()]), { prefix: 'media', extension: 'mp4' });
  return { ...stored, mimeType: 'video/mp4' };
};
const quietLog = () => ({ warn: vi.fn(), info: vi.fn() });

it('keeps a video without a poster when ffmpeg is not on PATH, and says so once', async () => {
  const log = quietLog();
  const previews = createMediaPreviews({ storage: disk, log, ffmpegPath: path.join(dataDir, 'no-such-ffmpeg') });
  const describe = previews.describerFor('video')!;
  expect(await describe(await storeClip(disk))).toEqual({});
  expect(await describe(await storeClip(disk))).toEqual({});
  expect(log.info).toHaveBeenCalledTimes(1);
  expect(log.info.mock.calls[0]![0]).toMatch(/ffmpeg is not on PATH/);
  expect(log.warn).not.toHaveBeenCalled();
});

it('keeps a video without a poster when ffmpeg fails', async () => {
  const log = quietLog();
  // `false` exits 1 at once: an ffmpeg that runs but fails.
  const previews = createMediaPreviews({ storage: disk, log, ffmpegPath: 'false' });
  expect(await previews.describerFor('video')!(await storeClip(disk))).toEqual({});
  expect(log.warn).toHaveBeenCalledTimes(1);
});

it('takes the poster from a stream when storage has no local path', async () => {
  const streamOnly: Storage = { put: disk.put, read: disk.read, size: disk.size, remove: disk.remove };
  const previews = createMediaPreviews({ storage: streamOnly, log: quietLog() });
  const details = await previews.describerFor('video')!(await storeClip(streamOnly));
  expect(details).toMatchObject({ width: 160, height: 120 });
  const poster = await sharp(await readAll(disk.read(details.thumbnailKey!))).metadata();
  expect(poster).toMatchObject({ format: 'jpeg', width: 160, height: 120 });
});

it('finds no frame past the end of a clip, and says which failure it was', async () => {
  const { key } = await storeClip(disk);
  const options = { ffmpegPath: 'ffmpeg', timeoutMs: 10_000, maxBytes: 1_000_000 };
  expect(await grabFrame({ path: disk.localPath!(key) }, { ...options, atSeconds: 30 })).toEqual({ ok: false, reason: 'no-frame' });
  const atStart = await grabFrame({ path: disk.localPath!(key) }, { ...options, atSeconds: 0 });
  expect(atStart.ok).toBe(true);
  expect(await grabFrame({ path: disk.localPath!(key) }, { ...options, atSeconds: 0, maxBytes: 10 })).toEqual({
    ok: false,
    reason: 'too-large',
  });
});

it('takes the first frame of a clip shorter than a second', async () => {
  const short = path.join(dataDir, 'short.mp4');
  const made = spawnSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=96x64:rate=10',
    '-t',
    '0.5',
    '-c:v',
    'mpeg4',
    short,
  ]);
  expect(made.status).toBe(0);
  const stored = await disk.put(createReadStream(short), { prefix: 'media', extension: 'mp4' });
  const details = await createMediaPreviews({ storage: disk, log: quietLog() }).describerFor('video')!({
    ...stored,
    mimeType: 'video/mp4',
  });
  expect(details).toMatchObject({ width: 96, height: 64, thumbnailKey: expect.stringMatching(/^media\/.+\.jpg$/) });
});

async function readAll(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

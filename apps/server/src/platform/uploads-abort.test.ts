import { randomBytes } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import { existsSync, readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createMember, createModel } from '../test-support/factories';
import { createTestApp, type TestApp } from '../test-support/harness';

/**
 * Uploads cut off by the client, over a real socket: whatever happens to the connection, the server
 * keeps no file, no open descriptor and no handler waiting for bytes that will never come
 * (docs/product.md#media).
 */

let app: TestApp;
let port: number;
let token: string;

/** Route handlers that started and have not settled, seen through Fastify's diagnostics channel. */
const running = new Set<FastifyRequest>();
/** Handlers started by the current test, so one test's leak does not fail the next. */
const startedInTest = new Set<FastifyRequest>();
const testHandlersRunning = () => [...startedInTest].filter((request) => running.has(request)).length;
type HandlerStore = { request: FastifyRequest; async?: boolean };
const handlerChannel = diagnostics.tracingChannel<unknown, HandlerStore>('fastify.request.handler');
const onHandler = {
  start: (store: HandlerStore) => {
    running.add(store.request);
    startedInTest.add(store.request);
  },
  end: (store: HandlerStore) => void (store.async ? undefined : running.delete(store.request)),
  asyncStart: (store: HandlerStore) => void running.delete(store.request),
  asyncEnd: () => undefined,
  error: () => undefined,
};

beforeAll(async () => {
  handlerChannel.subscribe(onHandler);
  app = await createTestApp();
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.app.server.address() as net.AddressInfo).port;
  ({ token } = await createMember(app));
  // One complete upload first, so libraries that open files once (sharp, file-type) have done so
  // before the descriptor count is taken as the baseline.
  const warmUp = await sendUpload({ path: '/api/media/photos', content: await noisyPng(64), send: Infinity });
  expect(warmUp.status).toBe(201);
});
afterAll(async () => {
  handlerChannel.unsubscribe(onHandler);
  await app?.close();
});

const openDescriptors = () => readdirSync('/proc/self/fd').length;

/** Every file under DATA_DIR/files, empty ones included. */
function storedFiles(): string[] {
  const root = path.join(app.config.dataDir, 'files');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** A PNG of random pixels: it compresses badly, so a few hundred pixels square is megabytes. */
const noisyPng = (side: number) =>
  sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

async function waitFor(check: () => boolean, what: string | (() => string), ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type Answer = { status: number; text: string; closedByServer: boolean };
type UploadOptions = {
  path: string;
  content: Buffer;
  /** How much is written: the request's headers only, or this many bytes of the file (Infinity: the whole body). */
  send: 'headers' | number;
  declaredLength?: number;
  type?: string;
  token?: string;
};

/**
 * Posts one multipart file over a raw socket, declaring the body's full length but writing only
 * what `send` says. The answer resolves once the socket closes; the socket is there to cut it.
 */
function openUpload(opts: UploadOptions) {
  const boundary = `----abort${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upload.bin"\r\n` +
      `Content-Type: ${opts.type ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const body = Buffer.concat([head, opts.content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const socket = net.connect({ port, host: '127.0.0.1' });
  const headers = Buffer.from(
    `POST ${opts.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${opts.token ?? token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${opts.declaredLength ?? body.length}\r\n\r\n`,
  );
  const sent = opts.send === 'headers' ? 0 : Math.min(head.length + opts.send, body.length);
  socket.write(Buffer.concat([headers, body.subarray(0, sent)]));

  const answer = new Promise<Answer>((resolve) => {
    const chunks: Buffer[] = [];
    let closedByServer = false;
    let weEnded = false;
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      // A server that keeps the connection open after its answer is left shortly after.
      setTimeout(() => {
        weEnded = true;
        socket.end();
      }, 50);
    });
    socket.on('end', () => (closedByServer = !weEnded));
    // A server closing while bytes are still on their way may reset the connection: the answer
    // read before that still counts (a browser shows it too).
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, text, closedByServer });
    });
  });
  // A server that never answers is given up on (the answer then has status 0).
  const giveUp = setTimeout(() => socket.destroy(), 10_000);
  socket.on('close', () => clearTimeout(giveUp));
  return { socket, answer };
}

const sendUpload = (opts: UploadOptions) => openUpload(opts).answer;

/** Starts an upload, waits until the server has begun storing it, then cuts the connection. */
async function abortMidUpload(opts: UploadOptions & { waitForStoredFile?: boolean }) {
  const { socket } = openUpload(opts);
  if (opts.waitForStoredFile ?? true) await waitFor(() => newFiles().length > 0, 'the server to start storing the upload');
  else await waitFor(() => testHandlersRunning() > 0, 'the upload handler to start');
  // Let the bytes already sent reach storage before the cut.
  await new Promise((resolve) => setTimeout(resolve, 100));
  socket.destroy();
}

let filesBefore = new Set<string>();
let descriptorsBefore = 0;
/** Files stored since the current test began. */
const newFiles = () => storedFiles().filter((file) => !filesBefore.has(file));

beforeEach(() => {
  startedInTest.clear();
  filesBefore = new Set(storedFiles());
  descriptorsBefore = openDescriptors();
});

async function expectNothingLeftBehind() {
  await waitFor(() => testHandlersRunning() === 0, 'the upload handler to finish');
  await waitFor(
    () => newFiles().length === 0,
    () => `no stored file (found ${newFiles().join(', ')})`,
  );
  await waitFor(
    () => openDescriptors() <= descriptorsBefore,
    () => `open descriptors back to ${descriptorsBefore} (now ${openDescriptors()})`,
  );
}

it('a photo cut off mid-upload leaves no file, no open descriptor and no waiting handler', async () => {
  const png = await noisyPng(1200);
  await abortMidUpload({ path: '/api/media/photos', content: png, send: 512 * 1024 });
  await expectNothingLeftBehind();
});

it('a file cut off mid-upload (stored as sent, no re-encoding) leaves nothing behind', async () => {
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(4 * 1024 * 1024)]);
  await abortMidUpload({ path: '/api/media/files', content: pdf, send: 512 * 1024 });
  await expectNothingLeftBehind();
});

it('an avatar cut off mid-upload leaves nothing behind', async () => {
  const png = await noisyPng(1200);
  await abortMidUpload({ path: '/api/users/avatar', content: png, send: 512 * 1024 });
  await expectNothingLeftBehind();
});

it('a photo cut off within its first kilobyte, while its type is being judged, leaves nothing behind', async () => {
  const png = await noisyPng(1200);
  await abortMidUpload({ path: '/api/media/photos', content: png, send: 1024, waitForStoredFile: false });
  await expectNothingLeftBehind();
});

it('refuses a photo declared at 60 MB with 413 from its headers alone, and closes the connection', async () => {
  const started = Date.now();
  const answer = await sendUpload({
    path: '/api/media/photos',
    content: Buffer.alloc(0),
    send: 'headers',
    declaredLength: 60 * 1024 * 1024,
  });
  expect(answer.status).toBe(413);
  expect(answer.text).toContain('Photo is too large: the limit is 20 MB.');
  expect(answer.closedByServer).toBe(true);
  expect(Date.now() - started).toBeLessThan(5000);
  await expectNothingLeftBehind();
});

it('a document past its limit is refused once the limit is crossed, without waiting for the rest', async () => {
  const { token: modelToken } = await createModel(app, { modelStatus: 'none' });
  // Declared within the limit plus the form's allowance, so only the bytes themselves can tell; the
  // client sends one byte past the limit and waits.
  const limit = 10 * 1024 * 1024;
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(limit + 256 * 1024)]);
  const answer = await sendUpload({ path: '/api/users/document', content: pdf, send: limit + 1, token: modelToken });
  expect(answer.status).toBe(413);
  expect(answer.text).toContain('Document is too large: the limit is 10 MB.');
  expect(answer.closedByServer).toBe(true);
  await expectNothingLeftBehind();
});

it('a text file sent as a photo is refused with 415 from its first bytes and leaves nothing behind', async () => {
  // The client sends 64 KB of a 15 MB text and waits: the refusal must not wait for the rest.
  const text = Buffer.from('Just some words, not a picture.\n'.repeat(500_000));
  const answer = await sendUpload({ path: '/api/media/photos', content: text, send: 64 * 1024, type: 'image/png' });
  expect(answer.status).toBe(415);
  expect(answer.text).toContain('Photo must be one of: JPG, PNG, WEBP, GIF.');
  expect(answer.closedByServer).toBe(true);
  await expectNothingLeftBehind();
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/harness';

/**
 * The web app's build writes a brotli and a gzip copy beside each asset (apps/web/build/precompress.ts);
 * the server sends the one the browser accepts and the file itself to anyone else (issue #11: the
 * JavaScript before the login page is usable is counted as sent). Compression changes no cache
 * header: a compressed answer carries the same ones as the plain answer (their values are another
 * issue's business).
 */
const script = `export const greeting = ${JSON.stringify('Hello from the web app. '.repeat(200))};\n`;
const page = `<!doctype html><html><head><title>Creator Chat</title></head><body>${'<div id="root"></div>'.repeat(50)}</body></html>`;
const image = Buffer.from('not really a PNG, and with no compressed copy beside it');

let app: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'cc-web-dist-'));
  mkdirSync(path.join(webDist, 'assets'));
  const write = (file: string, content: string | Buffer, compressed = true) => {
    writeFileSync(path.join(webDist, file), content);
    if (!compressed) return;
    writeFileSync(path.join(webDist, `${file}.br`), brotliCompressSync(content));
    writeFileSync(path.join(webDist, `${file}.gz`), gzipSync(content));
  };
  write('index.html', page);
  write('assets/index-abc123.js', script);
  write('assets/logo-abc123.png', image, false);
  app = await createTestApp({ config: { webDist } });
});

afterAll(async () => {
  await app.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('a JavaScript asset', () => {
  it('is sent as brotli to a browser that accepts it (Chromium sends "gzip, deflate, br, zstd")', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe((await get('/assets/index-abc123.js')).headers['cache-control']);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 10);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('is sent as gzip to a browser that accepts gzip only', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('is sent as it is to a client that accepts no compression', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const res = await get('/assets/index-abc123.js', acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(script);
    }
  });
});

it('sends a file without compressed copies as it is, whatever the browser accepts', async () => {
  const res = await get('/assets/logo-abc123.png', 'gzip, deflate, br');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-encoding']).toBeUndefined();
  expect(res.rawPayload.equals(image)).toBe(true);
});

it('sends the page of a client-side route compressed too, with the same cache headers', async () => {
  const compressed = await get('/messages/some-conversation', 'gzip, deflate, br');
  expect(compressed.statusCode).toBe(200);
  expect(compressed.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(page);

  const plain = await get('/messages/some-conversation');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(page);
  expect(compressed.headers['cache-control']).toBe(plain.headers['cache-control']);

  const home = await get('/', 'gzip');
  expect(home.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(home.rawPayload).toString()).toBe(page);
});

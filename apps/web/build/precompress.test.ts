// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { precompress } from './precompress';

/**
 * The build leaves a brotli and a gzip copy beside each file the browser fetches, for the server to
 * send to browsers that accept them (apps/server/src/app.ts, `preCompressed`).
 */
let dist: string;
const file = (name: string) => path.join(dist, name);

beforeEach(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'cc-precompress-'));
  mkdirSync(file('assets'));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

it('writes brotli and gzip copies of scripts, styles and pages that unpack to the same bytes', async () => {
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, text: 'message text' })))};`;
  writeFileSync(file('assets/index-abc.js'), script);
  writeFileSync(file('assets/index-abc.css'), '.topbar { display: flex; }\n'.repeat(100));
  writeFileSync(file('index.html'), `<!doctype html>${'<div></div>'.repeat(100)}`);

  const written = await precompress(dist);

  expect(written.map((entry) => entry.file).sort()).toEqual(['assets/index-abc.css', 'assets/index-abc.js', 'index.html']);
  for (const name of ['assets/index-abc.js', 'assets/index-abc.css', 'index.html']) {
    const original = readFileSync(file(name));
    expect(brotliDecompressSync(readFileSync(file(`${name}.br`))).equals(original), name).toBe(true);
    expect(gunzipSync(readFileSync(file(`${name}.gz`))).equals(original), name).toBe(true);
  }
  const js = written.find((entry) => entry.file === 'assets/index-abc.js')!;
  expect(js.br!).toBeLessThan(js.gz!);
  expect(js.gz!).toBeLessThan(js.bytes / 5);
});

it('leaves source maps and images alone, and writes no copy that would not be smaller', async () => {
  writeFileSync(file('assets/index-abc.js.map'), JSON.stringify({ mappings: 'A'.repeat(5000) }));
  writeFileSync(file('assets/logo.png'), Buffer.alloc(4000, 7));
  writeFileSync(file('assets/tiny.js'), 'x');
  // A copy left by an earlier build of the same name must not outlive the file it was made from.
  writeFileSync(file('assets/tiny.js.br'), 'stale');

  const written = await precompress(dist);

  expect(written).toEqual([{ file: 'assets/tiny.js', bytes: 1, br: null, gz: null }]);
  for (const name of ['assets/index-abc.js.map', 'assets/logo.png', 'assets/tiny.js']) {
    expect(existsSync(file(`${name}.br`)), name).toBe(false);
    expect(existsSync(file(`${name}.gz`)), name).toBe(false);
  }
});

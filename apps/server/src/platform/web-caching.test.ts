import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/harness';

// Issue #13, finding 9: after a deploy a browser must not keep an index.html that names deleted
// assets, and the build's source maps (the admin area's code) are not public unless configured.

let webDist: string;
const apps: TestApp[] = [];

beforeAll(() => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'cc-web-cache-'));
  mkdirSync(path.join(webDist, 'assets'));
  const write = (file: string, content: string) => {
    writeFileSync(path.join(webDist, file), content);
    writeFileSync(path.join(webDist, `${file}.br`), brotliCompressSync(content));
    writeFileSync(path.join(webDist, `${file}.gz`), gzipSync(content));
  };
  write('index.html', '<!doctype html><html><body><script src="/assets/admin-abc123.js"></script></body></html>');
  write('assets/admin-abc123.js', 'console.log("admin");\n//# sourceMappingURL=admin-abc123.js.map\n');
  write('assets/admin-abc123.js.map', JSON.stringify({ version: 3, sources: ['../src/admin/SecretPage.tsx'], mappings: '' }));
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  rmSync(webDist, { recursive: true, force: true });
});

// One server per setting, shared by the tests that read from it (none of them writes anything).
const started = new Map<boolean, Promise<TestApp>>();
const start = (serveSourceMaps: boolean) => {
  if (!started.has(serveSourceMaps)) {
    started.set(
      serveSourceMaps,
      createTestApp({ config: { webDist, serveSourceMaps } }).then((app) => (apps.push(app), app)),
    );
  }
  return started.get(serveSourceMaps)!;
};

describe('index.html', () => {
  it.each([
    ['/', 'identity'],
    ['/', 'br, gzip'],
    ['/admin/payments', 'gzip'],
    ['/chat/someone', 'identity'],
  ])('%s (accept-encoding %s) must be revalidated on every visit', async (url, encoding) => {
    const app = await start(false);
    const res = await app.request('GET', url, { headers: { 'accept-encoding': encoding } });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('is sent for a page address without the listener-leak warning', async () => {
    const app = await start(false);
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.app.server.address() as AddressInfo;
    const warnings: string[] = [];
    const onWarning = (warning: Error) => void warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      for (const encoding of ['br, gzip', 'identity']) {
        const res = await fetch(`http://127.0.0.1:${port}/chat/someone`, { headers: { 'accept-encoding': encoding } });
        expect(await res.text()).toContain('admin-abc123.js');
      }
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((warning) => warning.startsWith('MaxListenersExceededWarning'))).toEqual([]);
  });

  it('hashed assets stay cacheable', async () => {
    const app = await start(false);
    const res = await app.request('GET', '/assets/admin-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toMatch(/max-age=3600/);
  });
});

describe('source maps', () => {
  it('are not served by default, whatever the encoding asked for', async () => {
    const app = await start(false);
    for (const encoding of ['identity', 'br', 'gzip']) {
      const res = await app.request('GET', '/assets/admin-abc123.js.map', { headers: { 'accept-encoding': encoding } });
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('SecretPage');
    }
  });

  it('are served when SERVE_SOURCE_MAPS is on', async () => {
    const app = await start(true);
    const res = await app.request('GET', '/assets/admin-abc123.js.map', { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(res.body.sources).toEqual(['../src/admin/SecretPage.tsx']);
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createMember } from '../test-support/factories';
import { createTestApp, type TestApp } from '../test-support/harness';
import { makeImage, upload } from '../modules/media/tests/helpers';

/**
 * Security headers on every kind of answer — the page, the API, a member's file — and a Content
 * Security Policy that runs no inline script yet still runs the administrator's footer script,
 * which the web app loads as a file from this origin (apps/web shared/site/siteHead.ts).
 */

let webDist: string;
let app: TestApp;
let httpsApp: TestApp;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'cc-web-'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
  );
  app = await createTestApp({ config: { webDist, publicUrl: 'http://chat.example.test' } });
  httpsApp = await createTestApp({ config: { webDist, publicUrl: 'https://chat.example.test' } });
});
afterAll(async () => {
  await app.close();
  await httpsApp.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** The policy as a map of directive → sources. */
function policyOf(headers: Record<string, unknown>): Map<string, string[]> {
  const text = String(headers['content-security-policy'] ?? '');
  return new Map(
    text
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

async function answers(target: TestApp) {
  const member = await createMember(target);
  const png = await makeImage('png', 8, 8);
  const uploaded = await upload(target, '/api/media/photos', { name: 'p.png', type: 'image/png', content: png }, { token: member.token });
  expect(uploaded.status).toBe(201);
  const get = (url: string, token?: string) =>
    target.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return {
    page: await get('/'),
    deepLink: await get('/chat/someone'),
    api: await get('/api/health'),
    apiError: await get('/api/users/me'),
    media: await get(`/api/media/${uploaded.body.data._id}/download/`, member.token),
    footerScript: await get('/api/system/footer-script.js'),
  };
}

describe('every answer', () => {
  it('carries the policy, nosniff, a frame ban and a referrer policy', async () => {
    const all = await answers(app);
    expect(all.page.statusCode).toBe(200);
    expect(all.page.headers['content-type']).toContain('text/html');
    expect(all.media.statusCode).toBe(200);
    expect(all.apiError.statusCode).toBe(401);
    for (const [name, res] of Object.entries(all)) {
      const policy = policyOf(res.headers);
      expect(policy.get('default-src'), name).toEqual(["'self'"]);
      expect(policy.get('object-src'), name).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), name).toEqual(["'none'"]);
      expect(policy.get('base-uri'), name).toEqual(["'self'"]);
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
      expect(res.headers['x-frame-options'], name).toBeDefined();
      expect(res.headers['referrer-policy'], name).toBe('no-referrer');
      expect(res.headers['x-powered-by'], name).toBeUndefined();
    }
  });

  it('runs scripts only from this origin: no inline script, no eval, no script from anywhere', async () => {
    const { page } = await answers(app);
    const scripts = policyOf(page.headers).get('script-src') ?? [];
    expect(scripts).toContain("'self'");
    for (const loose of ["'unsafe-inline'", "'unsafe-eval'", '*', 'https:', 'http:', 'data:', 'blob:'])
      expect(scripts).not.toContain(loose);
    // Without script-src-attr, an onerror= attribute would fall back to script-src: still no inline.
    expect(policyOf(page.headers).get('script-src-attr') ?? ["'none'"]).toEqual(["'none'"]);
  });
});

describe('HSTS', () => {
  it('is sent when the site lives at an https address', async () => {
    const res = await httpsApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}; includeSubDomains$/);
  });

  it('is not sent for a plain-http site, which it could only lock out of its own address', async () => {
    const res = await app.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe("the administrator's footer script", () => {
  it('is served from this origin as JavaScript, so the policy lets it run', async () => {
    const admin = await createAdmin(app);
    const script = "document.body.dataset.footer = 'ran';";
    expect((await app.request('PUT', '/api/admin/settings', { token: admin.token, body: { footerScript: script } })).status).toBe(200);

    const res = await app.app.inject({ method: 'GET', url: '/api/system/footer-script.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(script);
    // nosniff makes the browser insist on a JavaScript type for a script: it has one.
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Same origin as the page: 'self' covers the address the web app loads it from.
    const page = await app.app.inject({ method: 'GET', url: '/' });
    expect(policyOf(page.headers).get('script-src')).toContain("'self'");
  });
});

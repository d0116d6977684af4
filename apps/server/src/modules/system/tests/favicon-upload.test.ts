import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdmin } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { makeIco, makePng, uploadFile } from './helpers';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await createTestApp();
  token = (await createAdmin(app)).token;
});
afterAll(() => app.close());

const favicon = async () => (await app.request('GET', '/api/system/configs/public')).body.data.siteFavicon as string;

it('takes a PNG, points siteFavicon at it, and serves the same bytes as image/png', async () => {
  const png = await makePng();
  const res = await uploadFile(app, '/api/admin/settings/favicon', { name: 'My Logo.png', type: 'image/png', content: png }, token);
  expect(res.status).toBe(200);
  const url = (res.body as { data: { siteFavicon: string } }).data.siteFavicon;
  expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\/.+\.png$/);
  expect(await favicon()).toBe(url);

  const served = await app.app.inject({ method: 'GET', url });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/png');
  expect(served.rawPayload.equals(png)).toBe(true);
});

it('takes an ICO and keeps the .ico ending, whatever the file was called', async () => {
  const ico = await makeIco();
  const res = await uploadFile(
    app,
    '/api/admin/settings/favicon',
    { name: 'favicon.bin', type: 'application/octet-stream', content: ico },
    token,
  );
  expect(res.status).toBe(200);
  const url = (res.body as { data: { siteFavicon: string } }).data.siteFavicon;
  expect(url).toMatch(/\.ico$/);
  const served = await app.app.inject({ method: 'GET', url });
  expect(served.headers['content-type']).toBe('image/x-icon');
  expect(served.rawPayload.equals(ico)).toBe(true);
});

it('refuses a text file with 415 and leaves the favicon as it was', async () => {
  const before = await favicon();
  const res = await uploadFile(
    app,
    '/api/admin/settings/favicon',
    { name: 'icon.png', type: 'image/png', content: Buffer.from('just some text, not an image') },
    token,
  );
  expect(res.status).toBe(415);
  expect(res.body).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', msg: expect.stringContaining('Favicon') });
  expect(await favicon()).toBe(before);
});

it('refuses an SVG, which could carry script', async () => {
  const before = await favicon();
  const svg = Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><script>alert(1)</script></svg>',
  );
  const res = await uploadFile(app, '/api/admin/settings/favicon', { name: 'icon.svg', type: 'image/svg+xml', content: svg }, token);
  expect(res.status).toBe(415);
  expect(await favicon()).toBe(before);
});

it('refuses a file over 1 MB with 413', async () => {
  const before = await favicon();
  const big = Buffer.concat([await makePng(), Buffer.alloc(1024 * 1024 + 10)]);
  const res = await uploadFile(app, '/api/admin/settings/favicon', { name: 'big.png', type: 'image/png', content: big }, token);
  expect(res.status).toBe(413);
  expect(await favicon()).toBe(before);
});

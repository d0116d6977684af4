import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { fetchBytes, makeImage, mediaRowsOf, samplePdf, storedMedia, upload } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('stores a PDF as a file that downloads as an attachment, without a thumbnail', async () => {
  const { user, token } = await createMember(app);
  const pdf = samplePdf();
  const res = await upload(app, '/api/media/files', { name: 'Contract v2.pdf', type: 'application/pdf', content: pdf }, { token });

  expect(res.status).toBe(201);
  expect(res.body.data).toMatchObject({
    type: 'file',
    name: 'Contract_v2.pdf',
    mimeType: 'application/pdf',
    size: pdf.length,
    thumbnailUrl: null,
    width: null,
    height: null,
  });
  const [row] = await mediaRowsOf(app, user.id);
  expect(row).toMatchObject({ kind: 'media', visibility: 'private', mediaType: 'file', thumbnailKey: null });

  const download = await fetchBytes(app, res.body.data.url, { token });
  expect(download.status).toBe(200);
  expect(download.headers['content-disposition']).toBe('attachment; filename="Contract_v2.pdf"');
  expect(download.bytes.equals(pdf)).toBe(true);
});

it('takes a picture as a plain file too: it downloads rather than displays', async () => {
  const { token } = await createMember(app);
  const res = await upload(
    app,
    '/api/media/files',
    { name: 'scan.png', type: 'image/png', content: await makeImage('png', 30, 30) },
    { token },
  );
  expect(res.status).toBe(201);
  expect(res.body.data).toMatchObject({ type: 'file', mimeType: 'image/png', thumbnailUrl: null });
  const download = await fetchBytes(app, res.body.data.url, { token });
  expect(download.headers['content-disposition']).toBe('attachment; filename="scan.png"');
});

it('refuses a type it does not take (an HTML page named .pdf) and keeps nothing', async () => {
  const { user, token } = await createMember(app);
  const onDisk = storedMedia(app).length;
  const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'.repeat(20));
  const res = await upload(app, '/api/media/files', { name: 'invoice.pdf', type: 'application/pdf', content: html }, { token });

  expect(res.status).toBe(415);
  expect(res.body.code).toBe('UNSUPPORTED_FILE_TYPE');
  expect(res.body.msg).toMatch(/^File must be one of: PDF, ZIP, DOCX, .*MOV\.$/);
  expect(await mediaRowsOf(app, user.id)).toHaveLength(0);
  expect(storedMedia(app)).toHaveLength(onDisk);
});

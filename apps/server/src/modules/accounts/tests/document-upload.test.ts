import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { files } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';
import { multipart, storedFiles } from './helpers';

let app: TestApp;
let scan: Buffer;
beforeAll(async () => {
  app = await createTestApp();
  scan = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#eee' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => app.close());

const validFields = { documentType: 'passport', legalName: 'Jane Q. Example', birthDate: '1990-04-01' };
const submit = (
  token: string,
  fields: Record<string, string>,
  content: Buffer = scan,
  filename = 'passport.jpg',
  contentType = 'image/jpeg',
) => {
  const { body, headers } = multipart(fields, { filename, contentType, content });
  return app.request('POST', '/api/users/document', { token, body, headers });
};
const filesOf = (ownerId: string) => app.ctx.db.select().from(files).where(eq(files.ownerId, ownerId));
const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

it('stores a model’s document privately and puts the model in review', async () => {
  const { user, token } = await createModel(app, { modelStatus: 'none' });
  const res = await submit(token, validFields);
  expect(res.status).toBe(200);
  expect(res.body.data.modelStatus).toBe('pending');
  const doc = res.body.data.verificationDocument;
  expect(doc).toMatchObject({
    documentType: 'passport',
    legalName: 'Jane Q. Example',
    birthDate: '1990-04-01',
    reviewedAt: null,
    refusalReason: null,
  });
  expect(doc.fileUrl).toMatch(/^\/api\/files\/[0-9a-f-]+\/passport\.jpg$/);

  const { token: admin } = await createAdmin(app);
  const { token: stranger } = await createMember(app);
  expect((await app.request('GET', doc.fileUrl, { token })).status).toBe(200);
  expect((await app.request('GET', doc.fileUrl, { token: admin })).status).toBe(200);
  expect((await app.request('GET', doc.fileUrl, { token: stranger })).status).toBe(404);
  expect((await app.request('GET', doc.fileUrl)).status).toBe(404);
  expect(await filesOf(user.id)).toHaveLength(1);
});

it('takes a document with only the legal name and birth date: its type is filed as ID', async () => {
  const { token } = await createModel(app, { modelStatus: 'none' });
  const res = await submit(token, { legalName: 'Jane Q. Example', birthDate: '1990-04-01' });
  expect(res.status).toBe(200);
  expect(res.body.data.modelStatus).toBe('pending');
  expect(res.body.data.verificationDocument).toMatchObject({ documentType: 'ID', legalName: 'Jane Q. Example', birthDate: '1990-04-01' });
});

it('accepts a PDF and replaces an earlier document', async () => {
  const { user, token } = await createModel(app, { modelStatus: 'refused' });
  await submit(token, validFields);
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const res = await submit(token, { ...validFields, documentType: 'ID' }, pdf, 'id-card.pdf', 'application/pdf');
  expect(res.status).toBe(200);
  expect(res.body.data.verificationDocument.fileUrl).toMatch(/\.pdf$/);
  expect(await filesOf(user.id)).toHaveLength(1);
});

it('refuses members who are not models with 403 NOT_A_MODEL', async () => {
  const { user, token } = await createMember(app);
  const res = await submit(token, validFields);
  expect(res.status).toBe(403);
  expect(res.body.code).toBe('NOT_A_MODEL');
  expect(await filesOf(user.id)).toHaveLength(0);
});

it('refuses bad fields with 422 naming the field, leaving no file behind', async () => {
  const { user, token } = await createModel(app, { modelStatus: 'none' });
  const before = storedFiles(app, 'document').length;
  const badType = await submit(token, { ...validFields, documentType: 'library-card' });
  expect(badType.status).toBe(422);
  expect(badType.body.msg).toBe("documentType: Document type must be 'ID', 'passport' or 'driverCard'");
  expect(badType.body.details.fields).toHaveProperty('documentType');

  const missing = await submit(token, { documentType: 'ID', birthDate: '1990-01-01' });
  expect(missing.status).toBe(422);
  expect(missing.body.msg).toMatch(/^legalName: /);

  expect(await filesOf(user.id)).toHaveLength(0);
  expect(storedFiles(app, 'document')).toHaveLength(before);
  expect((await app.request('GET', '/api/users/me', { token })).body.data).toMatchObject({
    modelStatus: 'none',
    verificationDocument: null,
  });
});

it('refuses anyone under 18 and accepts an 18th birthday today', async () => {
  const { user, token } = await createModel(app, { modelStatus: 'none' });
  const young = await submit(token, { ...validFields, birthDate: yearsAgo(18, 1) });
  expect(young.status).toBe(422);
  expect(young.body.msg).toBe('birthDate: You must be at least 18 years old');
  expect(await filesOf(user.id)).toHaveLength(0);
  expect((await submit(token, { ...validFields, birthDate: yearsAgo(18) })).status).toBe(200);
});

it('refuses a file type other than a picture or PDF with 415', async () => {
  const { user, token } = await createModel(app, { modelStatus: 'none' });
  const res = await submit(token, validFields, Buffer.from('PK\u0003\u0004 not a document'.repeat(20)), 'doc.zip', 'application/zip');
  expect(res.status).toBe(415);
  expect(res.body.msg).toBe('Document must be one of: JPG, PNG, WEBP, PDF.');
  expect(await filesOf(user.id)).toHaveLength(0);
});

it('tells an approved model no new document is needed', async () => {
  const { token } = await createModel(app);
  const res = await submit(token, validFields);
  expect(res.status).toBe(409);
});

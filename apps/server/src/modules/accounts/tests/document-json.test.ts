import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';
import { makeImage, samplePdf, sampleVideo, upload } from '../../media/tests/helpers';

/**
 * POST /users/document as JSON, the way the spec's clients send every call: the document's fields
 * and the id of a file uploaded before through /media (docs/product.md#accounts).
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const fields = { legalName: 'Jane Q. Example', birthDate: '1990-04-01', documentType: 'passport' };
const submit = (token: string, body: unknown) => app.request('POST', '/api/users/document', { token, body });
const documentsOf = async (ownerId: string) =>
  (await app.ctx.db.select().from(files).where(eq(files.ownerId, ownerId))).filter((f) => f.kind === 'document');
async function uploaded(
  token: string,
  path: '/api/media/files' | '/api/media/photos' | '/api/media/videos',
  file: { name: string; type: string; content: Buffer },
) {
  const res = await upload(app, path, file, { token });
  expect(res.status).toBe(201);
  return res.body.data._id as string;
}

describe('POST /users/document with a JSON body', () => {
  it('files an uploaded PDF as a private document readable by the owner and administrators only', async () => {
    const { user, token } = await createModel(app, { modelStatus: 'none' });
    const fileId = await uploaded(token, '/api/media/files', { name: 'passport.pdf', type: 'application/pdf', content: samplePdf() });
    const res = await submit(token, { ...fields, fileId });
    expect(res.status).toBe(200);
    expect(res.body.data.modelStatus).toBe('pending');
    const doc = res.body.data.verificationDocument;
    expect(doc).toMatchObject({ ...fields, reviewedAt: null });

    const { token: admin } = await createAdmin(app);
    const { token: stranger } = await createMember(app);
    expect((await app.request('GET', doc.fileUrl, { token })).status).toBe(200);
    expect((await app.request('GET', doc.fileUrl, { token: admin })).status).toBe(200);
    expect((await app.request('GET', doc.fileUrl, { token: stranger })).status).toBe(404);
    expect((await app.request('GET', doc.fileUrl)).status).toBe(404);
    expect(await documentsOf(user.id)).toMatchObject([{ visibility: 'private', mimeType: 'application/pdf' }]);
  });

  it('takes a photo, documentFileId, and the xChat names firstName, lastName, birthday and type', async () => {
    const { token } = await createModel(app, { modelStatus: 'refused' });
    const documentFileId = await uploaded(token, '/api/media/photos', {
      name: 'id.jpg',
      type: 'image/jpeg',
      content: await makeImage('jpeg', 80, 60),
    });
    const res = await submit(token, { firstName: 'Ada', lastName: 'Lovelace', birthday: '1985-12-10', type: 'driverCard', documentFileId });
    expect(res.status).toBe(200);
    expect(res.body.data.verificationDocument).toMatchObject({
      legalName: 'Ada Lovelace',
      birthDate: '1985-12-10',
      documentType: 'driverCard',
    });
  });

  it('refuses a file of someone else, a missing or malformed id and a GIF or video with 422 naming fileId; nothing is stored', async () => {
    const { user, token } = await createModel(app, { modelStatus: 'none' });
    const { token: other } = await createModel(app);
    const theirs = await uploaded(other, '/api/media/files', { name: 'x.pdf', type: 'application/pdf', content: samplePdf() });
    const gif = await uploaded(token, '/api/media/photos', { name: 'a.gif', type: 'image/gif', content: await makeImage('gif', 20, 20) });
    const video = await uploaded(token, '/api/media/videos', { name: 'v.mp4', type: 'video/mp4', content: sampleVideo() });
    for (const fileId of [theirs, crypto.randomUUID(), 'not-an-id', gif, video, undefined]) {
      const res = await submit(token, { ...fields, fileId });
      expect(res.status, String(fileId)).toBe(422);
      expect(res.body.details.fields, String(fileId)).toHaveProperty('fileId');
    }
    expect(await documentsOf(user.id)).toHaveLength(0);
    expect((await app.request('GET', '/api/users/me', { token })).body.data).toMatchObject({
      modelStatus: 'none',
      verificationDocument: null,
    });
  });

  it('refuses bad fields (under 18, NUL, wrong type) with 422 naming them, before copying anything', async () => {
    const { user, token } = await createModel(app, { modelStatus: 'none' });
    const fileId = await uploaded(token, '/api/media/files', { name: 'p.pdf', type: 'application/pdf', content: samplePdf() });
    for (const [body, field] of [
      [{ ...fields, birthDate: `${new Date().getUTCFullYear() - 10}-01-01` }, 'birthDate'],
      [{ ...fields, legalName: 'Ja\u0000ne' }, 'legalName'],
      [{ ...fields, legalName: 42 }, 'legalName'],
      [{ ...fields, documentType: 'library-card' }, 'documentType'],
    ] as const) {
      const res = await submit(token, { ...body, fileId });
      expect(res.status, field).toBe(422);
      expect(res.body.details.fields, field).toHaveProperty(field);
    }
    expect(await documentsOf(user.id)).toHaveLength(0);
  });

  it('answers 401 without a session and 403 to a member who is not a model', async () => {
    const { token } = await createMember(app);
    const fileId = await uploaded(token, '/api/media/files', { name: 'p.pdf', type: 'application/pdf', content: samplePdf() });
    expect((await app.request('POST', '/api/users/document', { body: { ...fields, fileId } })).status).toBe(401);
    expect((await submit(token, { ...fields, fileId })).status).toBe(403);
  });
});

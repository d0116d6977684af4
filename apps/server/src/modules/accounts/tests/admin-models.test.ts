import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';
import { multipart } from './helpers';

let app: TestApp;
let admin: string;
let viewer: string;
beforeAll(async () => {
  app = await createTestApp();
  admin = (await createAdmin(app)).token;
  viewer = (await createMember(app)).token;
});
afterAll(() => app.close());

/** A model who registered and sent their document, as the review queue sees them. */
async function pendingModel() {
  const model = await createModel(app, { modelStatus: 'none' });
  const scan = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ddd' } })
    .png()
    .toBuffer();
  const { body, headers } = multipart(
    { documentType: 'ID', legalName: 'Mia Model', birthDate: '1995-06-15' },
    { filename: 'id.png', contentType: 'image/png', content: scan },
  );
  expect((await app.request('POST', '/api/users/document', { token: model.token, body, headers })).status).toBe(200);
  return model;
}
const visible = async (username: string) =>
  (await app.request('GET', `/api/users/findByUsername/${username}`, { token: viewer })).status === 200;

it('lists pending models with their e-mail and a document link the admin can open', async () => {
  const { user } = await pendingModel();
  const res = await app.request('GET', '/api/admin/models', { token: admin });
  expect(res.status).toBe(200);
  const row = res.body.data.items.find((r: { _id: string }) => r._id === user.id);
  expect(row).toMatchObject({
    email: user.email,
    modelStatus: 'pending',
    verificationDocument: { documentType: 'ID', legalName: 'Mia Model', birthDate: '1995-06-15' },
  });
  expect((await app.request('GET', row.verificationDocument.fileUrl, { token: admin })).status).toBe(200);
  expect(res.body.data.items.every((r: { modelStatus: string }) => r.modelStatus === 'pending')).toBe(true);
});

it('approves a model: visible to members, reviewed, mailed', async () => {
  const { user, token } = await pendingModel();
  expect(await visible(user.username)).toBe(false);
  const res = await app.request('POST', `/api/admin/models/${user.id}/approve`, { token: admin });
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({
    _id: user.id,
    modelStatus: 'approved',
    verificationDocument: { reviewedAt: expect.any(String), refusalReason: null },
  });
  expect(await visible(user.username)).toBe(true);
  expect((await app.request('GET', '/api/users/me', { token })).body.data.modelStatus).toBe('approved');
  expect((await app.outbox()).filter((m) => m.to === user.email).at(-1)!.subject).toBe('Your model account is approved');

  const again = await app.request('POST', `/api/admin/models/${user.id}/approve`, { token: admin });
  expect(again.status).toBe(409);
});

it('refuses a model with a reason the model can read', async () => {
  const { user, token } = await pendingModel();
  const res = await app.request('POST', `/api/admin/models/${user.id}/refuse`, { token: admin, body: { reason: 'The photo is blurred.' } });
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ modelStatus: 'refused', verificationDocument: { refusalReason: 'The photo is blurred.' } });
  expect(await visible(user.username)).toBe(false);
  expect((await app.request('GET', '/api/users/me', { token })).body.data.verificationDocument.refusalReason).toBe('The photo is blurred.');
  expect((await app.outbox()).filter((m) => m.to === user.email).at(-1)!.text).toContain('The photo is blurred.');

  const refused = await app.request('GET', '/api/admin/models?status=refused', { token: admin });
  expect(refused.body.data.items.map((r: { _id: string }) => r._id)).toContain(user.id);
});

it('answers 409 for a model without a document and 404 for someone who is not a model', async () => {
  const { user: noDocument } = await createModel(app, { modelStatus: 'none' });
  const res = await app.request('POST', `/api/admin/models/${noDocument.id}/approve`, { token: admin });
  expect(res.status).toBe(409);
  expect(res.body.msg).toMatch(/not submitted a verification document/);

  const { user: member } = await createMember(app);
  expect((await app.request('POST', `/api/admin/models/${member.id}/approve`, { token: admin })).status).toBe(404);
  expect(
    (
      await app.request('POST', '/api/admin/models/00000000-0000-4000-8000-000000000000/refuse', {
        token: admin,
        body: { reason: 'nope nope' },
      })
    ).status,
  ).toBe(404);
});

it('asks for a reason when refusing', async () => {
  const { user } = await pendingModel();
  const res = await app.request('POST', `/api/admin/models/${user.id}/refuse`, { token: admin, body: {} });
  expect(res.status).toBe(422);
  expect(res.body.msg).toBe('reason: Give the model a reason');
});

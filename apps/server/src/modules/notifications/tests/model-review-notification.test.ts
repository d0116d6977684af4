import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdmin, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { allOf, waitForNotifications } from './helpers';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await createTestApp();
  admin = (await createAdmin(app)).token;
});
afterAll(() => app.close());

/** A model who sent their verification document and waits for review. */
const pendingModel = () =>
  createModel(app, {
    modelStatus: 'pending',
    verificationDocument: {
      documentType: 'ID',
      legalName: 'Mia Model',
      birthDate: '1995-06-15',
      fileId: randomUUID(),
      submittedAt: new Date().toISOString(),
      reviewedAt: null,
      refusalReason: null,
    },
  });

it('tells a model their profile was approved, once', async () => {
  const model = await pendingModel();
  expect((await app.request('POST', `/api/admin/models/${model.user.id}/approve`, { token: admin })).status).toBe(200);
  const [notification] = (await waitForNotifications(app, model.token, 1)).items;
  expect(notification).toMatchObject({
    type: 'model_approved',
    text: 'Your profile was approved. Members can now find you, message you and call you.',
    link: '/account/verification',
    actor: null,
    read: false,
  });
  // Approving again is refused, and tells nobody anything.
  expect((await app.request('POST', `/api/admin/models/${model.user.id}/approve`, { token: admin })).status).toBe(409);
  expect((await allOf(app, model.token)).count).toBe(1);
});

it('tells a model why their document was refused, and each later review notifies once more', async () => {
  const model = await pendingModel();
  const refused = await app.request('POST', `/api/admin/models/${model.user.id}/refuse`, {
    token: admin,
    body: { reason: 'The photo is blurred.' },
  });
  expect(refused.status).toBe(200);
  const [notification] = (await waitForNotifications(app, model.token, 1)).items;
  expect(notification).toMatchObject({
    type: 'model_refused',
    text: 'Your verification document was refused: The photo is blurred.',
    link: '/account/verification',
  });

  expect((await app.request('POST', `/api/admin/models/${model.user.id}/approve`, { token: admin })).status).toBe(200);
  const after = await waitForNotifications(app, model.token, 2);
  expect(after.items.map((n) => n.type)).toEqual(['model_approved', 'model_refused']);
});

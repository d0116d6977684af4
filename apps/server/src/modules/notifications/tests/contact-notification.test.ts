import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { allOf, contactAdded, waitForNotifications } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it("tells a member a model added them, linking to the model's profile", async () => {
  const model = await createModel(app, { name: 'Mia Model' });
  const member = await createMember(app);
  contactAdded(app, model.user, member.user);
  const [notification] = (await waitForNotifications(app, member.token, 1)).items;
  expect(notification).toMatchObject({
    type: 'contact',
    text: 'Mia Model added you to their contacts',
    link: `/models/${model.user.username}`,
    actor: { _id: model.user.id, name: 'Mia Model' },
  });
  expect((await allOf(app, model.token)).count).toBe(0);
});

it('a member who is not a model has no profile page to link to', async () => {
  const owner = await createMember(app, { name: 'Ada Lovelace' });
  const model = await createModel(app);
  contactAdded(app, owner.user, model.user, randomUUID());
  const [notification] = (await waitForNotifications(app, model.token, 1)).items;
  expect(notification).toMatchObject({ type: 'contact', text: 'Ada Lovelace added you to their contacts', link: null });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { allOf, contactAdded, unreadCountOf, waitForNotifications } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('answers 401 to a signed-out caller on every route', async () => {
  for (const [method, url] of [
    ['GET', '/api/notifications'],
    ['GET', '/api/notifications/unread/list'],
    ['GET', '/api/notifications/unread/count'],
    ['PUT', `/api/notifications/read/${randomUUID()}`],
    ['PUT', '/api/notifications/read/all'],
  ] as const) {
    const res = await app.request(method, url);
    expect(res.status, `${method} ${url}`).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  }
});

it('answers 422 to an id that is not a UUID and to a bad page', async () => {
  const { token } = await createMember(app);
  const badId = await app.request('PUT', '/api/notifications/read/not-a-uuid', { token });
  expect(badId.status).toBe(422);
  expect(badId.body.code).toBe('VALIDATION_FAILED');
  expect((await app.request('GET', '/api/notifications?limit=0', { token })).status).toBe(422);
  expect((await app.request('GET', '/api/notifications/unread/list?skip=-1', { token })).status).toBe(422);
});

it("never shows or reads another member's notifications: 404, and theirs stay unread", async () => {
  const owner = await createMember(app);
  const ada = await createMember(app);
  const bob = await createMember(app);
  contactAdded(app, owner.user, ada.user);
  const [adas] = (await waitForNotifications(app, ada.token, 1)).items;

  expect(await allOf(app, bob.token)).toEqual({ items: [], count: 0 });
  expect((await app.request('GET', '/api/notifications/unread/list', { token: bob.token })).body.data).toEqual({ items: [], count: 0 });
  expect(await unreadCountOf(app, bob.token)).toBe(0);

  const stolen = await app.request('PUT', `/api/notifications/read/${adas!._id}`, { token: bob.token });
  expect(stolen.status).toBe(404);
  expect(stolen.body.code).toBe('NOT_FOUND');
  const unknown = await app.request('PUT', `/api/notifications/read/${randomUUID()}`, { token: bob.token });
  expect(unknown.status).toBe(404);

  const readAll = await app.request('PUT', '/api/notifications/read/all', { token: bob.token });
  expect(readAll.body.data).toEqual({ updated: 0, count: 0 });
  expect(await unreadCountOf(app, ada.token)).toBe(1);
  expect((await allOf(app, ada.token)).items[0]!.read).toBe(false);
});

import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pushSubscriptions } from '../../../db/schema';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';

/** Who may store and remove push subscriptions, and what a subscription must look like. */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const b64url = (bytes: number) => randomBytes(bytes).toString('base64url');
const subscription = (endpoint = `https://fcm.googleapis.com/fcm/send/${b64url(16)}`) => ({
  endpoint,
  expirationTime: null,
  keys: { p256dh: b64url(65), auth: b64url(16) },
});
const rowsOf = (endpoint: string) => app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
const allRows = () => app.ctx.db.select().from(pushSubscriptions);

it('answers the public key to anyone, and refuses the subscription routes to the signed out', async () => {
  const key = await app.request('GET', '/api/push/key');
  expect(key.status).toBe(200);
  expect(key.body.data.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);

  const body = subscription();
  expect((await app.request('POST', '/api/push/subscriptions', { body })).status).toBe(401);
  expect((await app.request('DELETE', '/api/push/subscriptions', { body: { endpoint: body.endpoint } })).status).toBe(401);
  expect(await rowsOf(body.endpoint)).toEqual([]);
});

it("stores one row per endpoint, for whoever signed in on that browser last; removes only one's own", async () => {
  const [ada, grace] = [await createMember(app), await createMember(app)];
  const body = subscription();
  for (const _ of [1, 2]) {
    const res = await app.request('POST', '/api/push/subscriptions', { token: ada.token, body });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ ok: true });
  }
  expect((await rowsOf(body.endpoint)).map((row) => row.userId)).toEqual([ada.user.id]);

  // Grace signs in on the same browser: the subscription is hers now, whatever a body says.
  const taken = { ...body, userId: ada.user.id };
  expect((await app.request('POST', '/api/push/subscriptions', { token: grace.token, body: taken })).status).toBe(201);
  expect((await rowsOf(body.endpoint)).map((row) => row.userId)).toEqual([grace.user.id]);

  // Ada cannot remove Grace's; Grace can.
  const removedByAda = await app.request('DELETE', '/api/push/subscriptions', { token: ada.token, body: { endpoint: body.endpoint } });
  expect(removedByAda.status).toBe(200);
  expect(removedByAda.body.data).toEqual({ ok: true });
  expect(await rowsOf(body.endpoint)).toHaveLength(1);
  expect((await app.request('DELETE', '/api/push/subscriptions', { token: grace.token, body: { endpoint: body.endpoint } })).status).toBe(
    200,
  );
  expect(await rowsOf(body.endpoint)).toEqual([]);
});

it('refuses what is not a browser subscription, storing nothing', async () => {
  const member = await createMember(app);
  const good = subscription();
  const bad: unknown[] = [
    { ...good, endpoint: 'not a url' },
    { ...good, endpoint: 'ftp://push.example.com/x' },
    { ...good, endpoint: 'http://push.example.com/x' },
    { ...good, endpoint: 'https://user:secret@push.example.com/x' },
    { ...good, endpoint: 'https://push.example.com/x\u0000y' },
    { ...good, endpoint: `https://push.example.com/${'a'.repeat(3000)}` },
    // Only the browsers' push services: never another host the server would post to.
    { ...good, endpoint: 'https://push.example.com/send/abc' },
    { ...good, endpoint: 'https://10.0.0.5/push' },
    { ...good, endpoint: 'https://fcm.googleapis.com.example.com/fcm/send/abc' },
    { endpoint: good.endpoint },
    { ...good, keys: { p256dh: good.keys.p256dh } },
    { ...good, keys: { p256dh: b64url(64), auth: good.keys.auth } },
    { ...good, keys: { p256dh: good.keys.p256dh, auth: `${good.keys.auth}\u0000` } },
    { ...good, keys: { p256dh: good.keys.p256dh.replace(/./, '+'), auth: good.keys.auth } },
    { ...good, keys: { p256dh: 'x'.repeat(200_000), auth: good.keys.auth } },
  ];
  const before = (await allRows()).length;
  for (const body of bad) {
    const res = await app.request('POST', '/api/push/subscriptions', { token: member.token, body });
    expect(res.status, JSON.stringify(body).slice(0, 120)).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  }
  const huge = await app.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ ...good, padding: 'x'.repeat(5 * 1024 * 1024) }),
  });
  expect(huge.statusCode).toBe(413);
  expect((await app.request('DELETE', '/api/push/subscriptions', { token: member.token, body: { endpoint: 'nope' } })).status).toBe(422);
  expect((await allRows()).length).toBe(before);
});

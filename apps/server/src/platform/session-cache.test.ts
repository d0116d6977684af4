import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createAdmin, createMember } from '../test-support/factories';
import { createTestApp, type TestApp } from '../test-support/harness';

/**
 * A node answers a token it has just seen from memory (platform/auth.ts); ending the session or
 * changing the account must still take effect at once, on this node and, with Redis, on every other
 * node that remembered it, long before the cache's own lifetime would have expired it.
 */
const clustered = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
let nodeA: TestApp;
let nodeB: TestApp | undefined;

beforeAll(async () => {
  nodeA = await createTestApp();
  if (clustered) {
    nodeB = await createTestApp({
      config: { databaseUrl: nodeA.config.databaseUrl, redisPrefix: nodeA.config.redisPrefix, jwtSecret: nodeA.config.jwtSecret },
    });
    await Promise.all([nodeA.app.listen({ port: 0, host: '127.0.0.1' }), nodeB.app.listen({ port: 0, host: '127.0.0.1' })]);
  }
});
afterAll(async () => {
  await nodeB?.close();
  await nodeA.close();
});

const me = (node: TestApp, token: string) => node.request('GET', '/api/users/me', { token });

it('refuses a signed-out token at once, although it was just answered from memory', async () => {
  const { token } = await createMember(nodeA);
  expect((await me(nodeA, token)).status).toBe(200);
  expect((await me(nodeA, token)).status).toBe(200);

  expect((await nodeA.request('POST', '/api/auth/logout', { token })).status).toBe(204);
  expect((await me(nodeA, token)).status).toBe(401);
});

it('shows an account change on the next request, and a suspension ends the sign-in', async () => {
  const member = await createMember(nodeA, { name: 'Before Change' });
  expect((await me(nodeA, member.token)).body.data.name).toBe('Before Change');

  await nodeA.request('PUT', '/api/users/updateProfile', { token: member.token, body: { name: 'After Change' } });
  expect((await me(nodeA, member.token)).body.data.name).toBe('After Change');

  const admin = await createAdmin(nodeA);
  expect((await nodeA.request('POST', `/api/admin/users/${member.user.id}/suspend`, { token: admin.token })).status).toBe(200);
  expect((await me(nodeA, member.token)).status).toBe(401);
});

it.runIf(clustered)('a sign-out or account change on one node reaches the memory of the other within a moment', async () => {
  const other = nodeB!;
  const member = await createMember(nodeA, { name: 'Seen On B' });
  const second = await nodeA.ctx.sessions.issue({ userId: member.user.id, keepLogin: true });
  // Node B remembers both sign-ins.
  expect((await me(other, member.token)).body.data.name).toBe('Seen On B');
  expect((await me(other, second.token)).status).toBe(200);

  await nodeA.request('PUT', '/api/users/updateProfile', { token: member.token, body: { name: 'Renamed On A' } });
  await vi.waitFor(async () => expect((await me(other, member.token)).body.data.name).toBe('Renamed On A'), { timeout: 2_000 });

  expect((await nodeA.request('POST', '/api/auth/logout', { token: second.token })).status).toBe(204);
  await vi.waitFor(async () => expect((await me(other, second.token)).status).toBe(401), { timeout: 2_000 });
  // Only that session ended.
  expect((await me(other, member.token)).status).toBe(200);
});

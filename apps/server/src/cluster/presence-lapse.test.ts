import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRedisPresence, type Presence } from '../platform/presence';
import { eventually, sleep } from '../test-support/cluster-client';

/**
 * Presence across nodes when one stops beating (platform/presence.ts), with a short heartbeat so the
 * test need not wait the real one: the members only that node counted are reported offline once, by
 * one of the live nodes, and online again if the same node comes back.
 */
const TTL_MS = 600;
let redis: Redis;
const key = `presence-lapse-test:${randomUUID()}`;
const opened: Presence[] = [];

beforeAll(() => {
  redis = new Redis(process.env.REDIS_URL!, { enableAutoPipelining: true });
});
afterAll(async () => {
  for (const presence of opened) presence.close?.();
  const keys = await redis.keys(`${key}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

function node(nodeId = randomUUID()) {
  const presence = createRedisPresence(redis, key, { nodeId, ttlMs: TTL_MS });
  opened.push(presence);
  const heard: { userIds: readonly string[]; online: boolean }[] = [];
  presence.onLapse!((userIds, online) => heard.push({ userIds: [...userIds].sort(), online }));
  return { presence, heard, nodeId };
}

it('reports once the members only a dead node counted, and brings them back when it beats again', async () => {
  const [dying, one, two] = [node(), node(), node()];
  const [ann, ben, cat] = ['ann', 'ben', 'cat'].map((name) => `${name}-${randomUUID()}`) as [string, string, string];
  await dying.presence.connected(ann); // only on the dying node
  await dying.presence.connected(ben); // also on node one: stays online
  await one.presence.connected(ben);
  await two.presence.connected(cat);
  expect([...(await one.presence.onlineAmong([ann, ben, cat]))].sort()).toEqual([ann, ben, cat].sort());

  dying.presence.close!(); // stops beating, as a killed process does; its counts stay in Redis
  await eventually(async () => expect([...(await one.presence.onlineAmong([ann, ben, cat]))].sort()).toEqual([ben, cat].sort()), 3000);
  await eventually(() => expect([...one.heard, ...two.heard]).toEqual([{ userIds: [ann], online: false }]), 3000);
  await sleep(TTL_MS); // more beats of both live nodes: nobody reports it again
  expect([...one.heard, ...two.heard]).toEqual([{ userIds: [ann], online: false }]);

  // The same node beats again (it had only stalled): its member is online again, and it says so.
  const back = node(dying.nodeId);
  await eventually(() => expect(back.heard).toEqual([{ userIds: [ann, ben].sort(), online: true }]), 3000);
  expect([...(await two.presence.onlineAmong([ann]))]).toEqual([ann]);
});

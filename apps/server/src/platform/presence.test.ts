import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMemoryPresence, createRedisPresence, type Presence } from './presence';

/**
 * Presence on Redis, two nodes sharing one key: many lookups in one turn of the event loop go to
 * Redis together (platform/presence.ts), yet each caller must hear about exactly its own members.
 */
const redisUrl = process.env.REDIS_URL;
let redis: Redis;
let nodeA: Presence;
let nodeB: Presence;
const key = `presence-test:${randomUUID()}`;

beforeAll(() => {
  if (!redisUrl) return;
  redis = new Redis(redisUrl, { enableAutoPipelining: true });
  nodeA = createRedisPresence(redis, key);
  nodeB = createRedisPresence(redis, key);
});
afterAll(async () => {
  if (!redisUrl) return;
  nodeA.close?.();
  nodeB.close?.();
  const keys = await redis.keys(`${key}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

it.runIf(redisUrl)('answers many lookups of one moment each with its own members, counting sockets on every node', async () => {
  const [ann, ben, cat, dan] = ['ann', 'ben', 'cat', 'dan'].map((name) => `${name}-${randomUUID()}`) as [string, string, string, string];
  expect(await nodeA.connected(ann)).toBe(true);
  expect(await nodeB.connected(ben)).toBe(true);
  expect(await nodeB.connected(ann)).toBe(false); // a second socket, on the other node

  const answers = await Promise.all([
    nodeA.onlineAmong([ann, cat]),
    nodeA.onlineAmong([ben]),
    nodeA.onlineAmong([cat, dan]),
    nodeB.onlineAmong([dan, ben, ann]),
    nodeA.onlineAmong([]),
  ]);
  expect(answers.map((online) => [...online].sort())).toEqual([[ann], [ben], [], [ann, ben].sort(), []]);

  expect(await nodeA.disconnected(ann)).toBe(false); // still on node B
  expect(await nodeB.disconnected(ann)).toBe(true);
  expect([...(await nodeA.onlineAmong([ann, ben]))]).toEqual([ben]);
});

it.runIf(redisUrl)('keeps answering after Redis forgets its scripts (a restart or SCRIPT FLUSH)', async () => {
  const eve = `eve-${randomUUID()}`;
  await redis.script('FLUSH');
  expect(await nodeA.connected(eve)).toBe(true);
  await redis.script('FLUSH');
  expect([...(await nodeB.onlineAmong([eve]))]).toEqual([eve]);
});

it.runIf(redisUrl)('counts the members online on every node once each (the dashboard)', async () => {
  const countKey = `presence-count-test:${randomUUID()}`;
  const [one, two] = [createRedisPresence(redis, countKey), createRedisPresence(redis, countKey)];
  try {
    const [fay, gus] = [`fay-${randomUUID()}`, `gus-${randomUUID()}`];
    expect(await one.onlineCount()).toBe(0);
    await one.connected(fay);
    await two.connected(fay); // a second socket, on the other node: still one member
    await two.connected(gus);
    expect(await one.onlineCount()).toBe(2);
    await two.disconnected(gus);
    expect(await two.onlineCount()).toBe(1);
  } finally {
    one.close?.();
    two.close?.();
    const keys = await redis.keys(`${countKey}*`);
    if (keys.length > 0) await redis.del(...keys);
  }
});

it('counts the members online in memory once each', async () => {
  const presence = createMemoryPresence();
  await presence.connected('hal');
  await presence.connected('hal');
  await presence.connected('ida');
  expect(await presence.onlineCount()).toBe(2);
  await presence.disconnected('ida');
  expect(await presence.onlineCount()).toBe(1);
});

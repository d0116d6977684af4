import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { perTurnBatch } from './turn-batch';

/**
 * Who is online: a member is online while at least one of their sockets is connected, on any node.
 * One process counts in memory; with Redis each node keeps its own counts and a heartbeat, and only
 * the counts of nodes that beat within PRESENCE_NODE_TTL_MS count, so a node that dies without
 * closing its sockets (SIGKILL, a lost machine) stops counting its members within that time — their
 * calls can then end and stop being billed (docs/product.md#calls, docs/decisions/0007-messaging.md).
 * The live nodes also watch each other's heartbeats: when one lapses, exactly one of them reports the
 * members who were online only there (`onLapse`), so the people chatting with them see them go
 * offline as if their sockets had closed (docs/architecture.md).
 */
export interface Presence {
  /** Counts a new socket; true when this made the member come online. */
  connected(userId: string): Promise<boolean>;
  /** Counts a closed socket; true when this made the member go offline. */
  disconnected(userId: string): Promise<boolean>;
  /** Which of these members are online now. */
  onlineAmong(userIds: readonly string[]): Promise<Set<string>>;
  /** How many members are online now (the administrators' dashboard). */
  onlineCount(): Promise<number>;
  /**
   * Members whose state changed without a socket event: offline when the only node they were on
   * stopped beating (reported by one live node), online again when a stalled node beats again.
   * Answers the unsubscribe function. Only Redis presence has other nodes to lose.
   */
  onLapse?(listener: (userIds: readonly string[], online: boolean) => void): () => void;
  /** Stops renewing this node's counts (Redis); the app calls it on close. */
  close?(): void;
}

export function createMemoryPresence(): Presence {
  const sockets = new Map<string, number>();
  return {
    async connected(userId) {
      const count = (sockets.get(userId) ?? 0) + 1;
      sockets.set(userId, count);
      return count === 1;
    },
    async disconnected(userId) {
      const count = (sockets.get(userId) ?? 0) - 1;
      if (count > 0) sockets.set(userId, count);
      else sockets.delete(userId);
      return count <= 0;
    },
    async onlineAmong(userIds) {
      return new Set(userIds.filter((id) => sockets.has(id)));
    },
    async onlineCount() {
      return sockets.size;
    },
  };
}

/** How long a node's counts outlive its last heartbeat; it renews them every third of that. */
export const PRESENCE_NODE_TTL_MS = 10_000;
/** How long the counts of a node that stopped beating are kept (a stalled node resumes with them). */
const PRESENCE_RETENTION_MS = 24 * 60 * 60_000;

/**
 * Counts one socket of a member on this node (ARGV[3] = +1 or -1), renews the node's heartbeat and
 * answers the member's sockets on every live node (a beat within ARGV[4] ms). A dead node's counts
 * are kept PRESENCE_RETENTION_MS, then dropped. One script, so two nodes never both see "first".
 * Redis' own clock decides which nodes are live. The per-node hashes are named from ARGV (a
 * standalone Redis, as the socket adapter already needs).
 */
const COUNT_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[2], now, ARGV[1])
redis.call('HINCRBY', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - tonumber(ARGV[5]))
local total = 0
for _, node in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], now - tonumber(ARGV[4]), '+inf')) do
  total = total + tonumber(redis.call('HGET', ARGV[6] .. node, ARGV[2]) or '0')
end
return total`;

/** The given members' sockets summed over the live nodes (ARGV[3..]). */
const ONLINE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local nodes = redis.call('ZRANGEBYSCORE', KEYS[1], now - tonumber(ARGV[1]), '+inf')
local online = {}
for i = 3, #ARGV do
  local total = 0
  for _, node in ipairs(nodes) do
    total = total + tonumber(redis.call('HGET', ARGV[2] .. node, ARGV[i]) or '0')
  end
  if total > 0 then table.insert(online, ARGV[i]) end
end
return online`;

/** How many members have a socket on some live node (ARGV[1] = the TTL, ARGV[2] = the node prefix). */
const ONLINE_COUNT_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local totals = {}
for _, node in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], now - tonumber(ARGV[1]), '+inf')) do
  local counts = redis.call('HGETALL', ARGV[2] .. node)
  for i = 1, #counts, 2 do
    totals[counts[i]] = (totals[counts[i]] or 0) + tonumber(counts[i + 1])
  end
end
local online = 0
for _, total in pairs(totals) do
  if total > 0 then online = online + 1 end
end
return online`;

/**
 * Renews this node's heartbeat and keeps its counts (a node that stalls past the TTL counts again
 * when it beats). When the other nodes had reported it lapsed (KEYS[3]), answers the members it
 * counts, who are online again.
 */
const HEARTBEAT_SCRIPT = `
local t = redis.call('TIME')
redis.call('ZADD', KEYS[2], tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
if redis.call('SREM', KEYS[3], ARGV[1]) == 0 then return {} end
local back = {}
local counts = redis.call('HGETALL', KEYS[1])
for i = 1, #counts, 2 do
  if tonumber(counts[i + 1]) > 0 then table.insert(back, counts[i]) end
end
return back`;

/**
 * Finds the nodes whose heartbeat lapsed (ARGV[1] = the TTL) and that nobody reported yet, marks
 * them reported (KEYS[2], SADD: one caller wins each node) and answers the members they counted who
 * have no socket on any live node. Reported nodes the retention has dropped are forgotten.
 */
const LAPSE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local cutoff = now - tonumber(ARGV[1])
for _, node in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  if not redis.call('ZSCORE', KEYS[1], node) then redis.call('SREM', KEYS[2], node) end
end
local lapsed = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. cutoff)
if #lapsed == 0 then return {} end
local live = redis.call('ZRANGEBYSCORE', KEYS[1], cutoff, '+inf')
local gone, seen = {}, {}
for _, node in ipairs(lapsed) do
  if redis.call('SADD', KEYS[2], node) == 1 then
    local counts = redis.call('HGETALL', ARGV[2] .. node)
    for i = 1, #counts, 2 do
      local user = counts[i]
      if tonumber(counts[i + 1]) > 0 and not seen[user] then
        seen[user] = true
        local total = 0
        for _, other in ipairs(live) do
          total = total + tonumber(redis.call('HGET', ARGV[2] .. other, user) or '0')
        end
        if total <= 0 then table.insert(gone, user) end
      end
    end
  end
end
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return gone`;

/**
 * A Lua script as a command of this client: sent once, then run by its hash (EVALSHA; ioredis sends
 * the script again if Redis lost it), instead of sending and hashing its text on every call.
 */
function scriptCommand(redis: Redis, name: string, numberOfKeys: number, lua: string) {
  redis.defineCommand(name, { numberOfKeys, lua });
  const command = (redis as unknown as Record<string, (...args: (string | number)[]) => Promise<unknown>>)[name]!;
  return (...args: (string | number)[]) => command.apply(redis, args);
}

export function createRedisPresence(
  redis: Redis,
  key: string,
  options: { nodeId?: string; /** Tests shorten it; the app keeps PRESENCE_NODE_TTL_MS. */ ttlMs?: number } = {},
): Presence {
  const nodeId = options.nodeId ?? randomUUID();
  const ttlMs = options.ttlMs ?? PRESENCE_NODE_TTL_MS;
  const nodesKey = `${key}:nodes`;
  const lapsedKey = `${key}:lapsed`;
  const nodePrefix = `${key}:node:`;
  const nodeKey = `${nodePrefix}${nodeId}`;
  const countScript = scriptCommand(redis, 'presenceCount', 2, COUNT_SCRIPT);
  const onlineScript = scriptCommand(redis, 'presenceOnline', 1, ONLINE_SCRIPT);
  const heartbeatScript = scriptCommand(redis, 'presenceHeartbeat', 3, HEARTBEAT_SCRIPT);
  const lapseScript = scriptCommand(redis, 'presenceLapse', 2, LAPSE_SCRIPT);
  const onlineCountScript = scriptCommand(redis, 'presenceOnlineCount', 1, ONLINE_COUNT_SCRIPT);
  const count = async (userId: string, delta: 1 | -1) =>
    Number(await countScript(nodeKey, nodesKey, nodeId, userId, delta, ttlMs, PRESENCE_RETENTION_MS, nodePrefix));

  const lapseListeners = new Set<(userIds: readonly string[], online: boolean) => void>();
  const tell = (userIds: unknown, online: boolean) => {
    if (!Array.isArray(userIds) || userIds.length === 0) return;
    for (const listener of lapseListeners) listener(userIds as string[], online);
  };
  // A missed beat (a Redis hiccup) is retried by the next one; presence is a courtesy. Each beat
  // also looks for other nodes that stopped beating.
  const heartbeat = setInterval(() => {
    heartbeatScript(nodeKey, nodesKey, lapsedKey, nodeId, PRESENCE_RETENTION_MS).then(
      (back) => tell(back, true),
      () => undefined,
    );
    lapseScript(nodesKey, lapsedKey, ttlMs, nodePrefix, PRESENCE_RETENTION_MS).then(
      (gone) => tell(gone, false),
      () => undefined,
    );
  }, ttlMs / 3);
  heartbeat.unref();

  // Every message sent asks twice (its live events and its notification), and many messages
  // arrive in one turn under load: the members asked about in one turn are looked up together.
  const isOnline = perTurnBatch(async (userIds: string[]) => {
    const online = new Set((await onlineScript(nodesKey, ttlMs, nodePrefix, ...userIds)) as string[]);
    return new Map(userIds.map((id) => [id, online.has(id)]));
  });

  return {
    async connected(userId) {
      return (await count(userId, 1)) === 1;
    },
    async disconnected(userId) {
      return (await count(userId, -1)) <= 0;
    },
    async onlineAmong(userIds) {
      const online = await Promise.all(userIds.map(isOnline));
      return new Set(userIds.filter((_, i) => online[i]));
    },
    async onlineCount() {
      return Number(await onlineCountScript(nodesKey, ttlMs, nodePrefix));
    },
    onLapse(listener) {
      lapseListeners.add(listener);
      return () => void lapseListeners.delete(listener);
    },
    close() {
      clearInterval(heartbeat);
    },
  };
}

import os from 'node:os';
import { loadConfig, type Config } from '../../apps/server/src/config/config';

/**
 * The server's settings for a benchmark: rate limits raised, and no cap on connections per address,
 * since every simulated client comes from 127.0.0.1 (docs/operations.md#limits).
 */
export function benchServerConfig(): Partial<Config> {
  const { http } = loadConfig({ ...process.env, NODE_ENV: 'test' }, { dataDir: os.tmpdir() });
  return { rateLimitScale: 100_000, http: { ...http, maxConnectionsPerAddress: 0 } };
}

/**
 * Several server processes behind a local reverse proxy, as a clustered deployment runs
 * (docs/architecture.md): the bundle (`node dist/main.mjs`) N times on one fresh PostgreSQL database
 * and the shared Redis (a prefix of its own), each on its own port, and HAProxy (default) or nginx
 * in front with a generated config, both from Debian and run in the foreground from a temp folder.
 * Needs DATABASE_URL and REDIS_URL (CI's second pass); `clusterAvailable` says whether they are set.
 *
 *   const cluster = await startCluster({ nodes: 2, proxy: 'haproxy', env: { … } });
 *   cluster.url                 the proxy, e.g. http://127.0.0.1:41234 (round robin; HAProxy also
 *                               pins a client that keeps its cookie, as polling needs)
 *   cluster.nodes[i].url        node i directly (connect there to force a node)
 *   cluster.pin(i)              HAProxy only: the Cookie header that sends a client to node i through
 *                               the proxy while it lives, and to another node once it is down
 *                               (answers carry X-Cluster-Node: node<i>)
 *   cluster.nodes[i].alive()    whether its process runs; .output() what it wrote; .pid
 *   await cluster.kill(i)       SIGKILL node i and wait for its exit (no shutdown, sockets left dangling)
 *   await cluster.start(i)      start node i again on the same port; resolves once healthy
 *   await cluster.app()         a TestApp on the cluster's database, no Redis, no jobs, not listening:
 *                               a factory for members, tokens and direct reads (test-support/factories)
 *   await cluster.outbox()      mail every node wrote (they share one DATA_DIR, as one shared volume)
 *   await cluster.stop()        stops nodes, proxy and factory app; drops the database and Redis keys
 *
 * Every node gets TRUST_PROXY=127.0.0.1 (the proxy's address), a shared JWT_SECRET, PUBLIC_URL = the
 * proxy, NODE_ENV=production and LOG_LEVEL=warn; `env` adds to or overrides these for every node.
 * Node 0 starts first (it migrates the fresh database), the others then start together.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { createTestApp, freshDatabase, type OutboxMail, type TestApp } from './harness';
import { serverBundleForTests } from './server-bundle';

export const clusterAvailable = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

export type ProxyKind = 'haproxy' | 'nginx';

export type ClusterNode = {
  index: number;
  port: number;
  url: string;
  /** The current process id (changes when the node is started again). */
  pid: () => number | undefined;
  alive: () => boolean;
  /** Everything this node wrote to stdout and stderr, over all its lives. */
  output: () => string;
};

export type Cluster = {
  url: string;
  proxyPort: number;
  proxy: ProxyKind;
  nodes: ClusterNode[];
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  dataDir: string;
  jwtSecret: string;
  pin: (index: number) => { cookie: string };
  kill: (index: number) => Promise<void>;
  start: (index: number) => Promise<void>;
  app: () => Promise<TestApp>;
  outbox: () => Promise<OutboxMail[]>;
  stop: () => Promise<void>;
};

const START_TIMEOUT_MS = 45_000;

/** A port free now; a node keeps it for all its lives so the proxy's config never changes. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForHealth(url: string, timeoutMs: number, failed: () => string | undefined) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const reason = failed();
    if (reason) throw new Error(reason);
    try {
      if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      /* not listening yet */
    }
    await sleep(100);
  }
  throw new Error(`${url} did not become healthy in ${timeoutMs} ms${failed() ? `: ${failed()}` : ''}`);
}

export function haproxyConfig(listenPort: number, nodePorts: readonly number[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 1s',
    '  timeout client 1h',
    '  timeout server 1h',
    // WebSockets are tunnels once upgraded; Socket.IO's own pings keep them alive.
    '  timeout tunnel 1h',
    // A refused connection (a killed node) is retried on another server, not answered with a 503.
    '  retries 2',
    '  option redispatch',
    '  option forwardfor',
    'frontend cluster',
    `  bind 127.0.0.1:${listenPort}`,
    '  default_backend nodes',
    'backend nodes',
    '  balance roundrobin',
    // Socket.IO's long-polling fallback needs every request of one session on one node.
    '  cookie CCNODE insert indirect nocache',
    '  option httpchk GET /api/health',
    '  default-server inter 500ms fall 2 rise 1',
    // Which node answered, so a test can tell where a request went.
    '  http-response set-header X-Cluster-Node %s',
    ...nodePorts.map((port, i) => `  server node${i} 127.0.0.1:${port} check cookie node${i}`),
    '',
  ].join('\n');
}

export function nginxConfig(dir: string, listenPort: number, nodePorts: readonly number[]): string {
  const asRoot = process.getuid?.() === 0;
  return [
    'daemon off;',
    'worker_processes 1;',
    // As root the workers would drop to "nobody", who cannot write the private temp folders below.
    ...(asRoot ? ['user root;'] : []),
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    `  client_body_temp_path ${dir}/client_body;`,
    `  proxy_temp_path ${dir}/proxy;`,
    `  fastcgi_temp_path ${dir}/fastcgi;`,
    `  uwsgi_temp_path ${dir}/uwsgi;`,
    `  scgi_temp_path ${dir}/scgi;`,
    '  map $http_upgrade $connection_upgrade { default upgrade; "" close; }',
    '  upstream nodes {',
    ...nodePorts.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`),
    '  }',
    '  server {',
    `    listen 127.0.0.1:${listenPort};`,
    '    location / {',
    '      proxy_pass http://nodes;',
    '      proxy_http_version 1.1;',
    '      proxy_set_header Upgrade $http_upgrade;',
    '      proxy_set_header Connection $connection_upgrade;',
    '      proxy_set_header Host $host;',
    '      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    '      proxy_set_header X-Forwarded-Proto $scheme;',
    '      proxy_connect_timeout 1s;',
    '      proxy_read_timeout 1h;',
    '      proxy_send_timeout 1h;',
    '      proxy_next_upstream error timeout;',
    '    }',
    '  }',
    '}',
    '',
  ].join('\n');
}

function startProxy(kind: ProxyKind, dir: string, listenPort: number, nodePorts: readonly number[]) {
  const file = path.join(dir, `${kind}.cfg`);
  if (kind === 'haproxy') {
    writeFileSync(file, haproxyConfig(listenPort, nodePorts));
    return spawn('/usr/sbin/haproxy', ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  }
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, sub), { recursive: true });
  writeFileSync(file, nginxConfig(dir, listenPort, nodePorts));
  return spawn('/usr/sbin/nginx', ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', file], { stdio: ['ignore', 'pipe', 'pipe'] });
}

function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startCluster(opts: { nodes?: number; proxy?: ProxyKind; env?: Record<string, string> } = {}): Promise<Cluster> {
  const redisUrl = process.env.REDIS_URL;
  if (!process.env.DATABASE_URL || !redisUrl) throw new Error('a cluster needs DATABASE_URL and REDIS_URL');
  const count = opts.nodes ?? 2;
  const proxyKind = opts.proxy ?? 'haproxy';
  const bundle = await serverBundleForTests();
  const database = await freshDatabase();
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'cc-cluster-'));
  const dataDir = path.join(tempDir, 'data');
  mkdirSync(dataDir);
  const redisPrefix = `cc-cluster-${randomBytes(4).toString('hex')}`;
  const jwtSecret = randomBytes(32).toString('hex');
  const proxyPort = await freePort();
  const url = `http://127.0.0.1:${proxyPort}`;
  const ports: number[] = [];
  for (let i = 0; i < count; i++) ports.push(await freePort());

  const { LOG_LEVEL: _level, DATABASE_URL: _db, ...inherited } = process.env;
  const baseEnv = {
    ...inherited,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url!,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    JWT_SECRET: jwtSecret,
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_SCALE: '20',
    ...opts.env,
  };

  const children: (ChildProcess | undefined)[] = [];
  const outputs = ports.map(() => '');
  const killAll = () => {
    for (const child of children) child?.kill('SIGKILL');
    proxy?.kill('SIGKILL');
  };
  process.once('exit', killAll);

  async function start(index: number) {
    const current = children[index];
    if (current && current.exitCode === null && current.signalCode === null) throw new Error(`node ${index} is already running`);
    const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
      env: { ...baseEnv, PORT: String(ports[index]) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children[index] = child;
    const note = (d: Buffer) => (outputs[index] += d.toString());
    child.stdout!.on('data', note);
    child.stderr!.on('data', note);
    await waitForHealth(`http://127.0.0.1:${ports[index]}`, START_TIMEOUT_MS, () =>
      child.exitCode !== null || child.signalCode !== null ? `node ${index} exited while starting:\n${outputs[index]}` : undefined,
    );
  }

  async function kill(index: number) {
    const child = children[index];
    if (!child) return;
    child.kill('SIGKILL');
    await exitOf(child);
  }

  let proxy: ChildProcess | undefined;
  let proxyOutput = '';
  let factory: Promise<TestApp> | undefined;
  let stopped = false;

  async function stop() {
    if (stopped) return;
    stopped = true;
    await factory?.then((app) => app.close()).catch(() => undefined);
    // SIGTERM drains as in production; a node stuck past 10 s is killed.
    await Promise.all(
      children.map(async (child) => {
        if (!child || child.exitCode !== null || child.signalCode !== null) return;
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.kill('SIGTERM');
        await exitOf(child);
        clearTimeout(force);
      }),
    );
    if (proxy) {
      proxy.kill('SIGTERM');
      await exitOf(proxy);
    }
    process.removeListener('exit', killAll);
    await database.drop().catch(() => undefined);
    const redis = new Redis(redisUrl!, { lazyConnect: true });
    try {
      await redis.connect();
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }
    rmSync(tempDir, { recursive: true, force: true });
  }

  try {
    await start(0);
    await Promise.all(ports.slice(1).map((_, i) => start(i + 1)));
    proxy = startProxy(proxyKind, tempDir, proxyPort, ports);
    const started = proxy;
    const note = (d: Buffer) => (proxyOutput += d.toString());
    started.stdout!.on('data', note);
    started.stderr!.on('data', note);
    await waitForHealth(url, 15_000, () =>
      started.exitCode !== null ? `${proxyKind} exited (${started.exitCode}):\n${proxyOutput}${errorLog(tempDir)}` : undefined,
    );
  } catch (error) {
    await stop();
    throw error;
  }

  const nodes: ClusterNode[] = ports.map((port, index) => ({
    index,
    port,
    url: `http://127.0.0.1:${port}`,
    pid: () => children[index]?.pid,
    alive: () => {
      const child = children[index];
      return Boolean(child && child.exitCode === null && child.signalCode === null);
    },
    output: () => outputs[index]!,
  }));

  return {
    url,
    proxyPort,
    proxy: proxyKind,
    nodes,
    databaseUrl: database.url!,
    redisUrl,
    redisPrefix,
    dataDir,
    jwtSecret,
    pin(index) {
      if (proxyKind !== 'haproxy') throw new Error('pinning a client to a node needs the HAProxy front (its cookie)');
      return { cookie: `CCNODE=node${index}` };
    },
    kill,
    start,
    app: () =>
      (factory ??= createTestApp({
        config: { databaseUrl: database.url, redisUrl: undefined, jwtSecret },
      })),
    async outbox() {
      const dir = path.join(dataDir, 'outbox');
      if (!existsSync(dir)) return [];
      return readdirSync(dir)
        .sort()
        .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as OutboxMail);
    },
    stop,
  };
}

function errorLog(dir: string): string {
  const file = path.join(dir, 'error.log');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/harness';

// Issue #13, finding 3: a client that declares a body and goes silent, or trickles it, no longer
// holds its connection forever, and one address cannot hold more than its share of connections
// (docs/operations.md#limits). Deadlines are short here; production's are in config.ts.

let app: TestApp;
let port: number;

beforeAll(async () => {
  app = await createTestApp({
    config: {
      http: { headersTimeoutMs: 1_000, requestTimeoutMs: 2_000, idleTimeoutMs: 600, maxConnectionsPerAddress: 5 },
    },
  });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.app.server.address() as net.AddressInfo).port;
});

afterAll(() => app.close());

type Connection = { socket: net.Socket; answer: () => string; closedAfterMs: Promise<number> };

const open = (): Promise<Connection> =>
  new Promise((resolve, reject) => {
    const openedAt = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => resolve({ socket, answer: () => answer, closedAfterMs }));
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('error', () => {});
    const closedAfterMs = new Promise<number>((done) => socket.on('close', () => done(Date.now() - openedAt)));
    socket.once('error', reject);
  });

const loginHeaders = (length: number) =>
  `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('deadlines', () => {
  it('a body declared and never sent: the connection is closed once it sits idle', async () => {
    const conn = await open();
    conn.socket.write(loginHeaders(200) + '{"email":');
    expect(await conn.closedAfterMs).toBeLessThan(3_000);
  });

  it('a body trickled a byte at a time, never idle: closed when the request deadline passes, with 408', async () => {
    const conn = await open();
    conn.socket.write(loginHeaders(10_000));
    const drip = setInterval(() => conn.socket.writable && conn.socket.write(' '), 150);
    const closedAfter = await conn.closedAfterMs;
    clearInterval(drip);
    expect(closedAfter).toBeGreaterThanOrEqual(1_900);
    expect(closedAfter).toBeLessThan(5_000);
    expect(conn.answer()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('headers trickled a line at a time: closed when the header deadline passes', async () => {
    const conn = await open();
    conn.socket.write('GET /api/health HTTP/1.1\r\n');
    let n = 0;
    const drip = setInterval(() => conn.socket.writable && conn.socket.write(`X-Slow-${n++}: y\r\n`), 150);
    const closedAfter = await conn.closedAfterMs;
    clearInterval(drip);
    expect(closedAfter).toBeLessThan(4_000);
    expect(conn.answer()).not.toMatch(/^HTTP\/1\.1 200 /);
  });

  it('a well-behaved request is unaffected', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});

describe('connections per address', () => {
  it('the sixth connection from one address is closed at once; when one closes, a new one is let in', async () => {
    const held = await Promise.all(Array.from({ length: 5 }, open));
    const refused = await open();
    expect(await refused.closedAfterMs).toBeLessThan(500);
    expect(refused.answer()).toBe('');

    // The five held connections still work.
    held[0]!.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    await expect.poll(() => held[0]!.answer(), { timeout: 2_000 }).toMatch(/^HTTP\/1\.1 200 /);

    held[1]!.socket.destroy();
    await held[1]!.closedAfterMs;
    await new Promise((r) => setTimeout(r, 50));
    const next = await open();
    next.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await expect.poll(() => next.answer(), { timeout: 2_000 }).toMatch(/^HTTP\/1\.1 200 /);
    for (const conn of [...held, next]) conn.socket.destroy();
  });
});

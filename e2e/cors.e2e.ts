import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createMember, TEST_PASSWORD } from '../apps/server/src/test-support/factories';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// Issue #26: a client served from another origin that CORS_ORIGINS lists signs in, reads its
// profile and opens its socket over polling and WebSocket; a page from an unlisted origin is
// refused by the browser (docs/operations.md#cors).

const SOCKET_IO_CLIENT = readFileSync(path.resolve(import.meta.dirname, '../node_modules/socket.io-client/dist/socket.io.min.js'));

/** Another site: an empty page and socket.io-client's browser bundle, on a port of its own. */
async function otherSite(): Promise<{ origin: string; close: () => Promise<void> }> {
  const site: Server = createServer((request, response) => {
    if (request.url === '/socket.io.min.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(SOCKET_IO_CLIENT);
    } else {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><script src="/socket.io.min.js"></script>');
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const { port } = site.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => site.close(() => resolve())) };
}

let listed: Awaited<ReturnType<typeof otherSite>>;
let unlisted: Awaited<ReturnType<typeof otherSite>>;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [listed, unlisted, browser] = await Promise.all([otherSite(), otherSite(), launchBrowser()]);
  server = await startServer({ corsOrigins: [listed.origin] });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await Promise.all([listed?.close(), unlisted?.close()]);
});

type Journey = { api: string; email: string; password: string };

/** What a client on the other site does: sign in, read /users/me, open a socket each way. */
async function clientJourney({ api, email, password }: Journey) {
  const login = await fetch(`${api}/api/auth/login`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { token } = (await login.json()).data as { token: string };
  const me = await fetch(`${api}/api/users/me`, { credentials: 'include', headers: { authorization: `Bearer ${token}` } });
  const email_ = ((await me.json()).data as { email: string }).email;
  const notFound = await fetch(`${api}/api/no-such-route`, { credentials: 'include' });
  const notFoundCode = ((await notFound.json()) as { code: string }).code;
  type Io = (url: string, options: object) => { on: (event: string, listener: (arg?: unknown) => void) => void; close: () => void };
  const io = (window as unknown as { io: Io }).io;
  const connect = (transports: string[]) =>
    new Promise<string>((resolve) => {
      const socket = io(api, { transports, query: { token }, withCredentials: true, reconnection: false });
      socket.on('connect', () => {
        socket.close();
        resolve('connected');
      });
      socket.on('connect_error', (error) => resolve(`refused: ${String((error as Error).message)}`));
    });
  return {
    login: login.status,
    me: me.status,
    email: email_,
    notFound: notFound.status,
    notFoundCode,
    polling: await connect(['polling']),
    websocket: await connect(['websocket']),
  };
}

it('a page from a listed origin signs in, reads its profile and opens its socket over polling and WebSocket', async () => {
  const member = await createMember(server);
  const page = await browser.newPage();
  await page.goto(listed.origin);
  const result = await page.evaluate(clientJourney, { api: server.baseUrl, email: member.user.email, password: TEST_PASSWORD });
  expect(result).toEqual({
    login: 200,
    me: 200,
    email: member.user.email,
    notFound: 404,
    notFoundCode: 'NOT_FOUND',
    polling: 'connected',
    websocket: 'connected',
  });
  await page.close();
});

it('a page from an origin CORS_ORIGINS does not list is refused by the browser', async () => {
  const member = await createMember(server);
  const page = await browser.newPage();
  await page.goto(unlisted.origin);
  const refusal = await page.evaluate(
    ({ api, email, password }) =>
      fetch(`${api}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      }).then(
        (res) => `answered ${res.status}`,
        (error: Error) => `${error.name}: ${error.message}`,
      ),
    { api: server.baseUrl, email: member.user.email, password: TEST_PASSWORD },
  );
  expect(refusal).toBe('TypeError: Failed to fetch');
  await page.close();
});

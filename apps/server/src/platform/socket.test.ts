import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@cc/contracts';
import { createTestApp, type TestApp } from '../test-support/harness';
import { createMember } from '../test-support/factories';
import { emitToUser } from './socket';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
let app: TestApp;
let url: string;
const clients: Client[] = [];

beforeAll(async () => {
  app = await createTestApp();
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  clients.forEach((c) => c.close());
  await app.close();
});

function open(token: string | undefined): Client {
  const client: Client = connect(url, {
    path: '/socket.io',
    query: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  clients.push(client);
  return client;
}
const connected = (c: Client) =>
  new Promise<void>((resolve, reject) => {
    c.once('connect', () => resolve());
    c.once('connect_error', reject);
  });

describe('the real-time link', () => {
  it('accepts a signed-in member with the token as a query parameter and puts them in their room', async () => {
    const member = await createMember(app);
    const client = open(member.token);
    await connected(client);
    const answer = await client.timeout(2000).emitWithAck('link:ping');
    expect(Date.parse(answer.serverTime)).not.toBeNaN();

    const received = new Promise((resolve) => client.once('call:declined', resolve));
    emitToUser(app.ctx.io(), member.user.id, 'call:declined', { callId: 'c1', reason: 'declined' });
    expect(await received).toEqual({ callId: 'c1', reason: 'declined' });
  });

  it('refuses a connection without a valid token', async () => {
    await expect(connected(open(undefined))).rejects.toThrow('unauthorized');
    await expect(connected(open('forged.token.value'))).rejects.toThrow('unauthorized');
  });

  it('emits to one member never reach another', async () => {
    const [alice, bob] = await Promise.all([createMember(app), createMember(app)]);
    const a = open(alice.token);
    const b = open(bob.token);
    await Promise.all([connected(a), connected(b)]);
    let bobGotIt = false;
    b.on('call:declined', () => (bobGotIt = true));
    const aliceGotIt = new Promise((resolve) => a.once('call:declined', resolve));
    emitToUser(app.ctx.io(), alice.user.id, 'call:declined', { callId: 'only-alice', reason: 'declined' });
    await aliceGotIt;
    await b.timeout(2000).emitWithAck('link:ping'); // a round trip after the emit: bob would have it by now
    expect(bobGotIt).toBe(false);
  });

  it('a revoked session is told why and disconnected, other sessions stay', async () => {
    const member = await createMember(app);
    const other = await app.ctx.sessions.issue({ userId: member.user.id, keepLogin: false });
    const revoked = open(member.token);
    const kept = open(other.token);
    await Promise.all([connected(revoked), connected(kept)]);

    const told = new Promise((resolve) => revoked.once('session:revoked', resolve));
    const dropped = new Promise((resolve) => revoked.once('disconnect', resolve));
    const ended = await app.ctx.sessions.revoke({ userId: member.user.id, sessionIds: [member.sessionId] });
    app.ctx.events.publish('session.revoked', { userId: member.user.id, sessionIds: ended, reason: 'logout' });

    expect(await told).toEqual({ reason: 'logout' });
    await dropped;
    expect(kept.connected).toBe(true);
    // And the revoked token cannot come back.
    await expect(connected(open(member.token))).rejects.toThrow('unauthorized');
  });
});

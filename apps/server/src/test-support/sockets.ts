import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_PATH, SOCKET_TOKEN_QUERY, type ClientToServerEvents, type ServerToClientEvents } from '@cc/contracts';
import type { TestApp } from './harness';

export type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A signed-in Socket.IO client of a listening test app, as the web client connects (websocket). */
export async function connectSocket(app: TestApp, token: string): Promise<Client> {
  const url = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
  const socket: Client = connect(url, {
    path: SOCKET_PATH,
    query: { [SOCKET_TOKEN_QUERY]: token },
    transports: ['websocket'],
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Starts the app listening on a free port; `connected` opens signed-in sockets that `closeAll` closes. */
export async function socketServer(app: TestApp) {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const sockets: Client[] = [];
  async function connected(token: string): Promise<Client> {
    const socket = await connectSocket(app, token);
    sockets.push(socket);
    return socket;
  }
  return { connected, closeAll: () => sockets.forEach((s) => s.disconnect()) };
}

import { vi } from 'vitest';

type Listener = (...args: unknown[]) => void;

/** Stands in for a socket.io client socket: the test plays the server with `receive`. */
export class FakeSocket {
  connected = false;
  readonly handlers = new Map<string, Set<Listener>>();
  readonly disconnect = vi.fn();
  readonly io = { on: () => undefined, removeAllListeners: () => undefined };

  on(event: string, listener: Listener) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(listener);
    return this;
  }

  off(event: string, listener: Listener) {
    this.handlers.get(event)?.delete(listener);
    return this;
  }

  removeAllListeners() {
    this.handlers.clear();
    return this;
  }

  /** The server sends an event (or the link changes state: 'connect', 'disconnect'). */
  receive(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const listener of [...(this.handlers.get(event) ?? [])]) listener(...args);
  }
}

export const sockets: FakeSocket[] = [];

/** The module that replaces socket.io-client in these tests. */
export function io() {
  const socket = new FakeSocket();
  sockets.push(socket);
  return socket;
}

import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { ServerEventName, ServerEventPayload } from '@cc/contracts';

type Listener = (...args: unknown[]) => void;
/** The link's own events, which carry no payload of the server's. */
type LinkEvent = 'connect' | 'disconnect' | 'connect_error';

/**
 * Stands in for the socket.io client in page tests (`vi.mock('socket.io-client', () =>
 * import('<path>/test/fakeSocket'))`): the test plays the server with `receive` and reads what the
 * client sent in `emitted`.
 */
export class FakeSocket {
  connected = false;
  readonly emitted: { event: string; args: unknown[] }[] = [];
  constructor(
    readonly uri = '/',
    readonly options: unknown = {},
  ) {}
  readonly handlers = new Map<string, Set<Listener>>();
  readonly disconnect = vi.fn(() => {
    this.connected = false;
    return this;
  });
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

  emit(event: string, ...args: unknown[]) {
    this.emitted.push({ event, args });
    return this;
  }

  removeAllListeners() {
    this.handlers.clear();
    return this;
  }

  /**
   * The server sends an event, its payload as it travels (amounts in tokens), or the link changes
   * state ('connect', 'disconnect').
   */
  receive<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void;
  receive(event: LinkEvent, ...args: unknown[]): void;
  receive(event: string, ...args: unknown[]) {
    // Inside act: what the event changes is rendered before the test looks.
    act(() => {
      if (event === 'connect') this.connected = true;
      if (event === 'disconnect') this.connected = false;
      for (const listener of [...(this.handlers.get(event) ?? [])]) listener(...args);
    });
  }
}

export const sockets: FakeSocket[] = [];

/** The module that replaces socket.io-client in these tests. */
export function io(uri?: string, options?: unknown) {
  const socket = new FakeSocket(uri, options);
  sockets.push(socket);
  return socket;
}

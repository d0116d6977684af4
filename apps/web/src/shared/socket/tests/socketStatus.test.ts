import { describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { SOCKET_PATH, SOCKET_RECONNECT_DELAY_MAX_MS, SOCKET_RECONNECT_DELAY_MS } from '@cc/contracts';
import {
  socketConnected,
  socketDisconnected,
  socketFailed,
  socketReconnected,
  socketReconnecting,
  socketReducer,
  type SocketState,
} from '../socketSlice';
import { closeSocket, getSocket, openSocket, socketOptions, type AppSocket } from '../socketClient';

const initial = socketReducer(undefined, { type: 'init' });

describe('socket status', () => {
  it('starts initialized', () => {
    expect(initial.status).toBe('initialized');
  });

  it.each([
    ['connected', socketConnected()],
    ['disconnect', socketDisconnected()],
    ['failed', socketFailed('xhr poll error')],
    ['reconnecting', socketReconnecting(1)],
  ] as const)('moves from initialized to %s', (status, action) => {
    expect(socketReducer(initial, action).status).toBe(status);
  });

  it('goes back to connected on reconnect', () => {
    const reconnecting = [socketConnected(), socketDisconnected(), socketReconnecting(3)].reduce<SocketState>(socketReducer, initial);
    expect(reconnecting).toMatchObject({ status: 'reconnecting', attempt: 3 });
    expect(socketReducer(reconnecting, socketReconnected())).toMatchObject({ status: 'connected', attempt: 0, error: null });
  });

  it('keeps the connect error message when it fails', () => {
    expect(socketReducer(initial, socketFailed('unauthorized'))).toMatchObject({ status: 'failed', error: 'unauthorized' });
  });
});

/** Just enough of a Socket.IO client to fire its events by hand. */
function fakeSocket() {
  type Listener = (...args: unknown[]) => void;
  const make = () => {
    const listeners = new Map<string, Listener[]>();
    return {
      on: (event: string, fn: Listener) => void listeners.set(event, [...(listeners.get(event) ?? []), fn]),
      emit: (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((fn) => fn(...args)),
      removeAllListeners: () => listeners.clear(),
    };
  };
  const manager = make();
  const socket = { ...make(), io: manager, disconnect: vi.fn() };
  return socket;
}

describe('the socket client', () => {
  it('connects with the token as a query parameter and the spec reconnection settings', () => {
    expect(socketOptions('jwt-1')).toEqual({
      path: SOCKET_PATH,
      query: { token: 'jwt-1' },
      transports: ['websocket', 'polling'],
      reconnection: true,
      reconnectionAttempts: Infinity,
      reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
      reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MAX_MS,
    });
    expect([SOCKET_RECONNECT_DELAY_MS, SOCKET_RECONNECT_DELAY_MAX_MS]).toEqual([1000, 10000]);
  });

  it('mirrors the link into the socket slice and closes on request', () => {
    const store = configureStore({ reducer: { socket: socketReducer } });
    const fake = fakeSocket();
    const connect = vi.fn(() => fake as unknown as AppSocket);

    openSocket('jwt-1', store.dispatch, connect);
    expect(connect).toHaveBeenCalledWith('/', socketOptions('jwt-1'));
    const status = () => store.getState().socket.status;

    expect(status()).toBe('initialized');
    fake.emit('connect');
    expect(status()).toBe('connected');
    fake.emit('disconnect', 'transport close');
    expect(status()).toBe('disconnect');
    fake.io.emit('reconnect_attempt', 1);
    expect(status()).toBe('reconnecting');
    fake.io.emit('reconnect', 1);
    expect(status()).toBe('connected');
    fake.emit('connect_error', new Error('xhr poll error'));
    expect(status()).toBe('failed');

    closeSocket();
    expect(fake.disconnect).toHaveBeenCalledTimes(1);
    expect(getSocket()).toBeNull();
    // A deliberate close is not reported as a lost link.
    fake.emit('disconnect', 'io client disconnect');
    expect(status()).toBe('failed');
  });
});

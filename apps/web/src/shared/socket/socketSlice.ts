import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Initialized, then connected, disconnect, failed or reconnecting; back to connected on reconnect (docs/product.md#sockets). */
export type SocketStatus = 'initialized' | 'connected' | 'disconnect' | 'failed' | 'reconnecting';

export type SocketState = { status: SocketStatus; error: string | null; attempt: number };

const initialState: SocketState = { status: 'initialized', error: null, attempt: 0 };

const socketSlice = createSlice({
  name: 'socket',
  initialState,
  reducers: {
    socketOpened: () => initialState,
    socketConnected: (state) => {
      state.status = 'connected';
      state.error = null;
      state.attempt = 0;
    },
    socketDisconnected: (state) => {
      state.status = 'disconnect';
    },
    socketFailed: (state, action: PayloadAction<string>) => {
      state.status = 'failed';
      state.error = action.payload;
    },
    socketReconnecting: (state, action: PayloadAction<number>) => {
      state.status = 'reconnecting';
      state.attempt = action.payload;
    },
    socketReconnected: (state) => {
      state.status = 'connected';
      state.error = null;
      state.attempt = 0;
    },
  },
});

export const { socketOpened, socketConnected, socketDisconnected, socketFailed, socketReconnecting, socketReconnected } =
  socketSlice.actions;
export const socketReducer = socketSlice.reducer;
export const selectSocketStatus = (state: { socket: SocketState }) => state.socket.status;
export const selectSocketError = (state: { socket: SocketState }) => state.socket.error;

import { io } from 'socket.io-client';
import type { Connect } from './socketClient';

/** The real connection, used only by useLiveSocket (signed in), so the socket client loads with it. */
export const connectSocket = io as Connect;

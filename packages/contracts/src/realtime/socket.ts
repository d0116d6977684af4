/** The access token travels as a query parameter (docs/product.md#sockets). */
export const SOCKET_TOKEN_QUERY = 'token';
export const SOCKET_PATH = '/socket.io';
export const SOCKET_RECONNECT_DELAY_MS = 1000;
export const SOCKET_RECONNECT_DELAY_MAX_MS = 10000;
/** 'link:resync' reaches every tab at once; each refetches within this window so the nodes are not hit together. */
export const SOCKET_RESYNC_SPREAD_MS = 2000;

/** A typing indicator is renewed this often while someone types, and lapses after TYPING_TTL_MS. */
export const TYPING_RENEW_MS = 2000;
export const TYPING_TTL_MS = 5000;

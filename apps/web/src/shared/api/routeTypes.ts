import type { RouteInput, RouteSpec } from '@cc/contracts';

/** The JSON body a route takes, as a client sends it (token amounts in tokens). */
export type RouteBody<R extends RouteSpec> = RouteInput<R> extends { body: infer B } ? B : never;

/** The query a route takes, as a client sends it. */
export type RouteQuery<R extends RouteSpec> = RouteInput<R> extends { query?: infer Q } ? Q : never;

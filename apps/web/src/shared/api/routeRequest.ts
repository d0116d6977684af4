import { buildPath, type RouteInput, type RouteSpec } from '@cc/contracts';
import type { QueryParams, RequestArgs } from './baseQuery';

/** `[]` when a route takes nothing, so `routeRequest(route)` reads as a plain call. */
type InputArgs<R extends RouteSpec> = object extends RouteInput<R> ? [input?: RouteInput<R>] : [input: RouteInput<R>];

/**
 * The request for a route of the contracts' route table: its method, its path with the params
 * filled in, the query and the body. Endpoints call the server only through this, so a changed path
 * or shape fails the web app's typecheck. Token amounts in a body are tokens (docs/product.md#units).
 */
export function routeRequest<R extends RouteSpec>(route: R, ...[input]: InputArgs<R>): RequestArgs {
  const { params, query, body } = (input ?? {}) as { params?: Record<string, unknown>; query?: QueryParams; body?: unknown };
  return {
    url: buildPath(route.path, params),
    method: route.method,
    ...(query ? { params: query } : {}),
    ...(body !== undefined ? { body } : {}),
  };
}

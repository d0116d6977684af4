import type { z } from 'zod';

/**
 * The route table: every HTTP route once, with its method, path, who may call it and the schemas of
 * its params, query, body and answer. The server registers from it (`mountRoute`), the web app calls
 * through it (`routeRequest`), so a renamed path or a changed shape breaks the build on both sides.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route: anyone, a signed-in member (models and administrators included), an administrator. */
export type RouteAccess = 'public' | 'member' | 'admin';

/** The names of a path's `:params`: '/conversation/:id/read' → 'id'. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type RouteSpec = {
  method: HttpMethod;
  path: string;
  access: RouteAccess;
  summary: string;
  description?: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body. Multipart uploads set `upload` instead and are read as a stream by the handler. */
  body?: z.ZodType;
  upload?: true;
  /**
   * What `data` holds in a success answer; `null` for 204 without a body; 'raw' when the handler
   * answers by itself (a download, a script).
   */
  answer: z.ZodType | null | 'raw';
  /** The success status (default 200; 204 when `answer` is null). */
  status?: 200 | 201 | 204;
  /**
   * Other success statuses the handler may choose with `reply.status(…)` for the same answer, e.g.
   * 202 for a payment held for review.
   */
  alsoAnswers?: readonly (200 | 201 | 202)[];
};

/** A params schema must name exactly the path's `:params`, so a path and its callers cannot drift. */
type ParamsMatchPath<R extends RouteSpec> = [PathParamNames<R['path']>] extends [never]
  ? { params?: undefined }
  : { params: z.ZodType<{ [K in PathParamNames<R['path']>]: unknown }, { [K in PathParamNames<R['path']>]: string }> };

export function defineRoute<const R extends RouteSpec>(route: R & ParamsMatchPath<R>): R {
  return route;
}

type SchemaIn<S> = S extends z.ZodType ? z.input<S> : never;
type SchemaOut<S> = S extends z.ZodType ? z.output<S> : never;

/** What a caller sends: `params` when the path has some, `query` and `body` when the route takes them. */
export type RouteInput<R extends RouteSpec> = (R['params'] extends z.ZodType ? { params: SchemaIn<R['params']> } : unknown) &
  (R['query'] extends z.ZodType ? { query?: SchemaIn<R['query']> } : unknown) &
  (R['body'] extends z.ZodType ? { body: SchemaIn<R['body']> } : unknown) &
  (R['upload'] extends true ? { body: UploadBody } : unknown);

/** A multipart body (the browser's FormData); contracts do not depend on the DOM. */
export type UploadBody = object;

/** What the handler reads after validation (amounts already in hundredths). */
export type RouteParamsOut<R extends RouteSpec> = SchemaOut<R['params']>;
export type RouteQueryOut<R extends RouteSpec> = SchemaOut<R['query']>;
export type RouteBodyOut<R extends RouteSpec> = SchemaOut<R['body']>;

/**
 * What `data` holds in the answer: the shape the server's handler returns and a client reads (every
 * field present). A token amount is a `number` either way — hundredths in the handler, tokens once
 * the answer schema has encoded it for the wire.
 */
export type RouteAnswer<R extends RouteSpec> = R['answer'] extends z.ZodType ? z.output<R['answer']> : null;

/** '/conversation/:id/read' with { id: 'a b' } → '/conversation/a%20b/read'. */
export function buildPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`${path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

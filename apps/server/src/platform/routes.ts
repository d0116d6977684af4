import {
  dataOf,
  errorBodySchema,
  type RouteAnswer,
  type RouteBodyOut,
  type RouteParamsOut,
  type RouteQueryOut,
  type RouteSpec,
} from '@cc/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteShorthandOptions } from 'fastify';

/** The request a handler of `R` sees: params, query and body already parsed (amounts in hundredths). */
export type RouteRequest<R extends RouteSpec> = FastifyRequest<{
  Params: RouteParamsOut<R>;
  Querystring: RouteQueryOut<R>;
  Body: RouteBodyOut<R>;
}>;

/** A handler returns what goes in `data` (encoded by the answer schema), or the reply it answered with. */
export type RouteHandler<R extends RouteSpec> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<(R['answer'] extends 'raw' ? never : RouteAnswer<R>) | FastifyReply>;

/** Per-route server options the contract does not own: rate limits, body size, extra hooks. */
export type MountOptions = Pick<RouteShorthandOptions, 'config' | 'bodyLimit' | 'preHandler'> & {
  onRequest?: onRequestHookHandler;
};

const errors = { '4xx': errorBodySchema };

/**
 * Registers a route from the contracts' route table: the guard its `access` names runs at onRequest
 * (so a caller without the right gets 401/403 before any input is read), the schemas validate, and
 * the handler's result is sent as `{ data }` with the route's status — encoded by the answer schema,
 * which turns hundredths into tokens.
 */
export function mountRoute<R extends RouteSpec>(app: FastifyInstance, route: R, handler: RouteHandler<R>, options: MountOptions = {}) {
  const guard = route.access === 'admin' ? app.requireAdmin : route.access === 'member' ? app.requireUser : undefined;
  const onRequest = [guard, options.onRequest].filter((hook): hook is onRequestHookHandler => hook !== undefined);
  const status = route.status ?? (route.answer === null ? 204 : 200);
  const answer = route.answer !== null && route.answer !== 'raw' ? dataOf(route.answer) : undefined;
  const response = answer ? Object.fromEntries([status, ...(route.alsoAnswers ?? [])].map((code) => [code, answer])) : {};

  app.route({
    method: route.method,
    url: route.path,
    ...(onRequest.length ? { onRequest } : {}),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    ...(options.config ? { config: options.config } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    schema: {
      ...(route.upload ? { consumes: ['multipart/form-data'] } : {}),
      tags: [...route.tags],
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      ...(route.access === 'public' ? {} : { security: [{ bearer: [] }] }),
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      response: { ...response, ...errors },
    },
    handler: async (request, reply) => {
      // The route's status unless the handler picks another documented one (`alsoAnswers`), e.g.
      // 200 for a create that found its thing already there.
      reply.status(status);
      const result = await handler(request as RouteRequest<R>, reply);
      if (result === reply || reply.sent) return reply;
      if (route.answer === null) return reply.status(204).send();
      const chosen = route.alsoAnswers?.includes(reply.statusCode as 200 | 201 | 202) ? reply.statusCode : status;
      return reply.status(chosen).send({ data: result });
    },
  });
}

import type { RouteAnswer, RouteSpec } from '@cc/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * A create that finds its thing already there (a retried send, a second bookmark) answers 200 with
 * it; the route table's status, 201, is for a new one. mountRoute serialises only the table's
 * status, so this encodes the answer with the route's schema itself: amounts still leave as tokens.
 */
export function answerExisting<R extends RouteSpec>(reply: FastifyReply, route: R, data: RouteAnswer<R>) {
  if (!(route.answer instanceof z.ZodType)) throw new Error(`${route.path} has no answer schema`);
  return reply.status(200).send({ data: z.encode(route.answer, data) });
}

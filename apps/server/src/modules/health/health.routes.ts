import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@cc/contracts';
import type { AppContext } from '../../app-context';

const healthSchema = z.object({ data: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) });

/** Answers when the process is up and the database reachable (load balancers poll it). */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/health', { schema: { tags: ['system'], response: { 200: healthSchema, 503: errorBodySchema } } }, async (_request, reply) => {
      try {
        await ctx.database.ping();
      } catch {
        return reply.status(503).send({ code: 'UNAVAILABLE', msg: 'The database is not reachable.' });
      }
      return { data: { status: 'ok' as const, database: ctx.database.kind } };
    });
}

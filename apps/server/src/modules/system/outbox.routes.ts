import { dataOf, listOf, outboxRowSchema, pageQuerySchema } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db';
import { outboxRepository } from './outbox.repository';
import { toOutboxRowDto } from './system.presenter';

/** The mail outbox for administrators, newest first, without bodies (see outbox.repository.ts). */
export function registerOutboxRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/admin/outbox',
    {
      onRequest: app.requireAdmin,
      schema: {
        security: [{ bearer: [] }],
        tags: ['admin', 'system'],
        summary: 'Mail outbox, newest first (no bodies)',
        querystring: pageQuerySchema,
        response: { 200: dataOf(listOf(outboxRowSchema)) },
      },
    },
    async (request) => {
      const { rows, total } = await outboxRepository.listNewestFirst(request.query, db);
      return { data: { items: rows.map(toOutboxRowDto), count: total } };
    },
  );
}

import { outboxRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import { mountRoute } from '../../platform/routes';
import type { OutboxRepository } from './outbox.repository';
import { toOutboxRowDto } from './system.presenter';

/** The mail outbox for administrators, newest first, without bodies (see outbox.repository.ts). */
export function registerOutboxRoutes(app: FastifyInstance, { outbox }: { outbox: OutboxRepository }) {
  mountRoute(app, routes.list, async (request) => {
    const { rows, total } = await outbox.listNewestFirst(request.query);
    return { items: rows.map(toOutboxRowDto), count: total };
  });
}

import { auditRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { AuditLog } from '../../platform/audit';
import { mountRoute } from '../../platform/routes';

/** Administrators read the audit trail; nothing here or anywhere else writes to it but the actions themselves. */
export function registerAuditRoutes(app: FastifyInstance, { audit }: { audit: AuditLog }) {
  mountRoute(app, routes.list, async (request) => audit.list(request.query));
}

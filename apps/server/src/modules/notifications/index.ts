import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';

/** Notifications: what members are told about, counted exactly and pushed live. */
export async function notificationsModule(_app: FastifyInstance, _ctx: AppContext) {}

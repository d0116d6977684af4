import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';

/** Media: uploads of photos, videos and files, and downloads checked against the viewer's right. */
export async function mediaModule(_app: FastifyInstance, _ctx: AppContext) {}

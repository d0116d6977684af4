import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';

/** Messaging: contacts, conversations, messages, bookmarks, typing and presence. */
export async function messagingModule(_app: FastifyInstance, _ctx: AppContext) {}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';

/** Contacts (one-way favourites) and invitations by e-mail. */
export async function contactsModule(_app: FastifyInstance, _ctx: AppContext) {}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { createContactsRepository } from './contacts.repository';
import { registerContactRoutes } from './contacts.routes';
import { createContactsService } from './contacts.service';
import { createInvitationsService } from './invitations.service';

/** Contacts (one-way favourites) and invitations by e-mail. */
export async function contactsModule(app: FastifyInstance, ctx: AppContext) {
  const repo = createContactsRepository(ctx.db);
  registerContactRoutes(app, ctx, {
    contacts: createContactsService({ repo, events: ctx.events }),
    invitations: createInvitationsService({
      repo,
      mail: ctx.mail,
      settings: ctx.settings,
      publicUrl: ctx.config.publicUrl,
    }),
  });
}

import {
  addContactSchema,
  contactListQuerySchema,
  contactSchema,
  dataOf,
  errorBodySchema,
  idParamSchema,
  inviteSchema,
  listOf,
  okSchema,
} from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentAuth } from '../../platform/auth';
import { byUser } from '../../platform/rate-limit';
import type { ContactsService } from './contacts.service';
import type { InvitationsService } from './invitations.service';

export type ContactServices = { contacts: ContactsService; invitations: InvitationsService };

const errors = { '4xx': errorBodySchema };
const bearer = [{ bearer: [] }];
const idOrUserId = idParamSchema.describe("The contact's id or the contact's user id");

/** Thin handlers: the schema parses, a service acts and shapes. */
export function registerContactRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'rateLimit'>, s: ContactServices) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Guards run at onRequest so a caller without the right gets 401 before any input is read.
  const signedIn = { onRequest: app.requireUser };

  api.get(
    '/contact',
    {
      ...signedIn,
      schema: {
        tags: ['contacts'],
        summary: 'My contacts, newest first; q filters by name or username',
        security: bearer,
        querystring: contactListQuerySchema,
        response: { 200: dataOf(listOf(contactSchema)), ...errors },
      },
    },
    async (request) => ({ data: await s.contacts.list({ ownerId: currentAuth(request).user.id, query: request.query }) }),
  );

  api.get(
    '/contact/:id',
    {
      ...signedIn,
      schema: {
        tags: ['contacts'],
        summary: 'One of my contacts, by contact id or user id',
        security: bearer,
        params: idOrUserId,
        response: { 200: dataOf(contactSchema), ...errors },
      },
    },
    async (request) => ({ data: await s.contacts.get({ ownerId: currentAuth(request).user.id, idOrUserId: request.params.id }) }),
  );

  api.post(
    '/contact',
    {
      ...signedIn,
      config: { rateLimit: ctx.rateLimit(60, '1 minute', byUser) },
      schema: {
        tags: ['contacts'],
        summary: 'Add a member to my contacts (201; 200 with the existing contact when already added)',
        security: bearer,
        body: addContactSchema,
        response: { 200: dataOf(contactSchema), 201: dataOf(contactSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { contact, created } = await s.contacts.add({ ownerId: currentAuth(request).user.id, userId: request.body.userId });
      return reply.status(created ? 201 : 200).send({ data: contact });
    },
  );

  api.delete(
    '/contact/:id',
    {
      ...signedIn,
      schema: {
        tags: ['contacts'],
        summary: 'Remove a member from my contacts, by contact id or user id',
        security: bearer,
        params: idOrUserId,
        response: { 200: dataOf(okSchema), ...errors },
      },
    },
    async (request) => ({ data: await s.contacts.remove({ ownerId: currentAuth(request).user.id, idOrUserId: request.params.id }) }),
  );

  api.post(
    '/newsletter/invite',
    {
      ...signedIn,
      config: { rateLimit: ctx.rateLimit(10, '1 hour', byUser) },
      schema: {
        tags: ['contacts'],
        summary: 'Invite someone by e-mail to join the site',
        security: bearer,
        body: inviteSchema,
        response: { 200: dataOf(okSchema), ...errors },
      },
    },
    async (request) => ({ data: await s.invitations.invite({ inviter: currentAuth(request).user, input: request.body }) }),
  );
}

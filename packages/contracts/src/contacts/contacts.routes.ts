import { idParamSchema, listOf, okSchema } from '../common/envelope';
import { defineRoute } from '../common/routes';
import { addContactSchema, contactListQuerySchema, contactSchema, inviteSchema } from './contacts';
import { contactPaths } from './contacts.paths';

const tags = ['contacts'];
const idOrUserId = idParamSchema.describe("The contact's id or the contact's user id");

/** Contacts (one-way favourites) and invitations by e-mail. Every route needs a signed-in member. */
export const contactRoutes = {
  list: defineRoute({
    ...contactPaths.list,
    access: 'member',
    tags,
    summary: 'My contacts, newest first; q filters by name or username',
    query: contactListQuerySchema,
    answer: listOf(contactSchema),
  }),
  get: defineRoute({
    ...contactPaths.get,
    access: 'member',
    tags,
    summary: 'One of my contacts, by contact id or user id',
    params: idOrUserId,
    answer: contactSchema,
  }),
  add: defineRoute({
    ...contactPaths.add,
    access: 'member',
    tags,
    summary: 'Add a member to my contacts (201; 200 with the existing contact when already added)',
    description: 'Adding someone twice is not an error: it answers 200 with the existing contact.',
    body: addContactSchema,
    status: 201,
    alsoAnswers: [200],
    answer: contactSchema,
  }),
  remove: defineRoute({
    ...contactPaths.remove,
    access: 'member',
    tags,
    summary: 'Remove a member from my contacts, by contact id or user id',
    params: idOrUserId,
    answer: okSchema,
  }),
  invite: defineRoute({
    ...contactPaths.invite,
    access: 'member',
    tags,
    summary: 'Invite someone by e-mail to join the site',
    description: 'Only `email` is needed; `name` is optional.',
    body: inviteSchema,
    answer: okSchema,
  }),
};

import { idParamSchema } from '../common/envelope';
import { defineRoute } from '../common/routes';
import { adminContactPaths } from './admin-contact.paths';
import { adminContactMessagesQuerySchema, contactMessageRowSchema, contactMessageListSchema } from './admin-contact';

const tags = ['admin', 'contact'];

/** Administrators read what visitors sent through the contact form and mark it handled. */
export const adminContactRoutes = {
  list: defineRoute({
    ...adminContactPaths.list,
    access: 'admin',
    tags,
    summary: 'Contact-form messages, newest first, filtered by status, text and date',
    query: adminContactMessagesQuerySchema,
    answer: contactMessageListSchema,
  }),
  handle: defineRoute({
    ...adminContactPaths.handle,
    access: 'admin',
    tags,
    summary: 'Mark a message handled',
    description: 'A message already handled is answered unchanged, with no second audit row.',
    params: idParamSchema,
    answer: contactMessageRowSchema,
  }),
  reopen: defineRoute({
    ...adminContactPaths.reopen,
    access: 'admin',
    tags,
    summary: 'Put a handled message back among the open ones',
    description: 'A message already open is answered unchanged, with no audit row.',
    params: idParamSchema,
    answer: contactMessageRowSchema,
  }),
};

import { okSchema } from '../common/envelope';
import { defineRoute } from '../common/routes';
import { contactUsSchema } from './account';
import { contactUsPaths } from './contact-us.paths';

/** The public contact form. */
export const contactUsRoutes = {
  send: defineRoute({
    ...contactUsPaths.send,
    access: 'public',
    tags: ['contact'],
    summary: 'Send the contact form to the site team',
    description: 'Takes `{ name, email, message }`; other fields are ignored.',
    body: contactUsSchema,
    answer: okSchema,
  }),
};

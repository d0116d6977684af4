import { okSchema } from '../common/envelope';
import { defineRoute } from '../common/routes';
import { contactUsSchema } from './account';

/** The public contact form. */
export const contactUsRoutes = {
  send: defineRoute({
    method: 'POST',
    path: '/contact-us',
    access: 'public',
    tags: ['contact'],
    summary: 'Send the contact form to the site team',
    description: 'Takes `{ name, email, message }`; other fields are ignored.',
    body: contactUsSchema,
    answer: okSchema,
  }),
};

import type { Contact } from '@cc/contracts';
import { toProfileByUsername } from '../accounts';
import type { ContactRow } from './contacts.repository';

/** The same public profile findByUsername answers, with isFriend true and the favourite's id. */
export const toContact = (row: ContactRow): Contact => toProfileByUsername(row.user, row.avatar, row.contactId);

import type { Db } from '../../platform/db';
import type { EventBus } from '../../platform/events';
import type { Ledger } from '../wallet';
import type { ConversationsRepository } from './conversations.repository';
import { createMessageCharges } from './message-charges.service';
import { createMessageHistory } from './message-history.service';
import { createMessageSend, createSendChecks } from './message-send.service';
import type { MemberProfiles } from './member-profiles';
import type { MessagesRepository } from './messages.repository';

// Put together from reading and deleting (message-history.service.ts), sending
// (message-send.service.ts) and paying for a message (message-charges.service.ts).
export { priceOf } from './message-price';
export type { SendInput } from './message-send.service';

/** Sending, reading, deleting and catching up on messages. */
export function createMessagesService({
  db,
  conversations,
  messages,
  ledger,
  events,
  profiles,
}: {
  db: Db;
  conversations: ConversationsRepository;
  messages: MessagesRepository;
  profiles: Pick<MemberProfiles, 'of'>;
  ledger: Pick<Ledger, 'transferWithCommission' | 'transfersWithCommission' | 'announce'>;
  events: EventBus;
}) {
  const { list, latest, remove, oneWithSender } = createMessageHistory({ db, conversations, messages, events, profiles });
  const charges = createMessageCharges({ db, messages, ledger });
  const checks = createSendChecks({ messages, oneWithSender });
  const { send } = createMessageSend({ conversations, messages, ledger, events, profiles, charges, checks });
  return { list, latest, send, remove };
}

export type MessagesService = ReturnType<typeof createMessagesService>;

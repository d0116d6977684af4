import type { Membership } from './conversations.repository';

// The price rule of messages in TypeScript; the free send writes it again in SQL
// (message-inserts.sql.ts), and tests/price-rule.test.ts holds both to docs/product.md#messaging.

/** Who sends a message, as far as sending and its price care. */
export type Sender = { id: string; username: string; type: 'user' | 'model'; role: 'user' | 'admin' };

/**
 * A message from an ordinary member to a model costs the model's tokenPerMessage; anything else is
 * free. A model not yet approved sells nothing, so it is free too (docs/product.md#messaging).
 */
export function priceOf(
  sender: Pick<Sender, 'type' | 'role'>,
  recipient: Pick<Membership['other'], 'type' | 'modelStatus' | 'tokenPerMessage'>,
): number {
  const ordinaryMember = sender.type === 'user' && sender.role === 'user';
  const sellingModel = recipient.type === 'model' && recipient.modelStatus === 'approved';
  return ordinaryMember && sellingModel && recipient.tokenPerMessage > 0 ? recipient.tokenPerMessage : 0;
}

/** Any model who sells messages: whether a sender would pay one is the sender's half of `priceOf`. */
export const SELLING_MODEL = { type: 'model', modelStatus: 'approved', tokenPerMessage: 1 } as Membership['other'];

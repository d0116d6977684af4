import type { ConversationParty, Me } from '@cc/contracts';

/**
 * What one message from the viewer to this person costs, in tokens, or null when it is free: an
 * ordinary member writing to a model pays the model's price per message (docs/product.md#ledger).
 */
export function messagePrice(viewer: Pick<Me, 'type' | 'role'>, recipient: Pick<ConversationParty, 'type' | 'tokenPerMessage'>) {
  const ordinaryMember = viewer.type === 'user' && viewer.role === 'user';
  return ordinaryMember && recipient.type === 'model' && recipient.tokenPerMessage > 0 ? recipient.tokenPerMessage : null;
}

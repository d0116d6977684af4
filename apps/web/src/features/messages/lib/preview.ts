import type { Message } from '@cc/contracts';
import { MEDIA_LABEL } from './mediaRules';

export const DELETED_TEXT = 'This message was deleted';

/** What the conversation list shows of a last message. */
export function messagePreview(message: Message | null): string {
  if (!message) return 'No messages yet';
  if (message.deletedAt) return DELETED_TEXT;
  if (message.type !== 'text') return MEDIA_LABEL[message.type];
  return message.text.replace(/\s+/g, ' ').trim();
}

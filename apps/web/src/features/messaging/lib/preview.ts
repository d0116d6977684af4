import type { Message } from '@cc/contracts';
import { MEDIA_LABEL } from './mediaRules';

export const DELETED_TEXT = 'This message was deleted';

/** What the conversation list shows of a last message. */
export function messagePreview(message: Message | null): string {
  if (!message) return 'No messages yet';
  if (message.deletedAt) return DELETED_TEXT;
  const text = message.text.replace(/\s+/g, ' ').trim();
  if (message.type === 'text') return text;
  // A photo, video or file, with its caption when it has one.
  return text ? `${MEDIA_LABEL[message.type]} · ${text}` : MEDIA_LABEL[message.type];
}

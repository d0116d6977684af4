import { z } from 'zod';
import { tokenAmount } from '../common/money';
import { sellItemSchema } from '../marketplace/items';
import { conversationSchema } from '../messaging/conversations';
import { mediaSchema } from '../media/media';
import { messageSchema } from '../messaging/messages';

/**
 * The socket events an xChat client listens for, sent beside ours (never instead) while the
 * `legacySocketEvents` setting is on (docs/product.md#sockets). Their names and fields are that
 * client's; amounts are tokens, as on the rest of our wire.
 */

/** An attachment as an xChat client shows it: our media with its URLs under that client's names. */
const xchatFileSchema = mediaSchema.extend({
  fileUrl: z.string(),
  thumbUrl: z.string().nullable(),
  /** Chat attachments are never sold: nothing to unlock. */
  isFree: z.boolean(),
});

const blockChangeSchema = z.object({ conversationId: z.string(), blockedId: z.string() });
const tokens = (description: string) => tokenAmount({ description });

export const xchatServerEventSchemas = {
  /** A message in one of the viewer's conversations: our message as that viewer sees it, with `files` and `recipientId`. */
  new_message: messageSchema.extend({
    recipientId: z.string(),
    files: z.array(xchatFileSchema),
    fileIds: z.array(z.string()),
    /** A fresh id per event, as the xChat server sent. */
    uuid: z.uuid(),
  }),
  /** A conversation just appeared in the viewer's list (its first message): their view, with `members`. */
  new_conversation: conversationSchema,
  /** The member's balance changed (any ledger movement). */
  balance_updated: z.object({ balance: tokens('Tokens the member holds now') }),
  /** To the blocked member only. */
  have_been_blocked_event: blockChangeSchema,
  have_been_unblocked_event: blockChangeSchema,
  /** To the seller: a member bought one of her items. */
  purchased_item: z.object({
    userId: z.string(),
    modelId: z.string(),
    type: z.literal('purchased_item'),
    token: tokens('Tokens the buyer paid'),
    itemId: z.string(),
    item: sellItemSchema,
    status: z.literal('approved'),
    username: z.string(),
    createdAt: z.string(),
  }),
  /** To the model: a member tipped her. */
  share_love_success: z.object({
    userId: z.string(),
    modelId: z.string(),
    type: z.literal('share_love'),
    token: tokens('Tokens the member tipped'),
    itemId: z.string(),
    status: z.literal('approved'),
    username: z.string(),
    createdAt: z.string(),
  }),
};

export type XchatEventName = keyof typeof xchatServerEventSchemas;
export const XCHAT_EVENT_NAMES = Object.keys(xchatServerEventSchemas) as XchatEventName[];

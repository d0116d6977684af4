import { Link } from 'react-router';
import { toast } from 'sonner';
import type { BookmarkedMessage } from '@cc/contracts';
import { errorMessage } from '../../../shared/api/apiError';
import { Avatar, Button, RelativeTime } from '../../../shared/ui';
import { useRemoveBookmarkMutation } from '../api/messagingApi';
import { DELETED_TEXT } from '../lib/preview';
import { MessageMedia } from './MessageMedia';

/** One kept message: who said it, in which conversation and when, what it said; and a way to let it go. */
export function BookmarkCard({
  item,
  onOpenPhoto,
}: {
  item: BookmarkedMessage;
  onOpenPhoto: (media: BookmarkedMessage['message']['media']) => void;
}) {
  const [remove, removal] = useRemoveBookmarkMutation();
  const { message, sender, recipient } = item;
  const onRemove = () =>
    void remove({ bookmarkId: item._id, messageId: message._id, conversationId: message.conversationId })
      .unwrap()
      .catch((error: unknown) => toast.error(errorMessage(error)));
  return (
    <article className="bookmark ui-card ui-card--pad-md" aria-label={`Bookmarked message from ${sender.name}`}>
      <div className="bookmark__head">
        <Avatar name={sender.name} src={sender.avatarUrl} size={36} decorative />
        <div className="bookmark__who">
          <p className="bookmark__sender">{sender.name}</p>
          <p className="bookmark__where">
            in your conversation with{' '}
            <Link
              to={`/messages/${encodeURIComponent(message.conversationId)}`}
              aria-label={`Open the conversation with ${recipient.name}`}
            >
              {recipient.name}
            </Link>
            {' · '}
            <RelativeTime iso={message.createdAt} />
          </p>
        </div>
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemove}
          loading={removal.isLoading}
          aria-label={`Remove bookmark of the message from ${sender.name}`}
        >
          Remove
        </Button>
      </div>
      <div className="bookmark__content">
        {message.deletedAt ? (
          <p className="bookmark__deleted">{DELETED_TEXT}</p>
        ) : (
          <>
            {message.media ? <MessageMedia media={message.media} onOpenPhoto={onOpenPhoto} /> : null}
            {message.text ? <p className="bookmark__text">{message.text}</p> : null}
          </>
        )}
      </div>
    </article>
  );
}

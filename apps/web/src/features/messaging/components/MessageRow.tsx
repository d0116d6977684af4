import { memo } from 'react';
import { Link } from 'react-router';
import { changedPriceOf, ErrorCode, formatTokens, type Media, type Message } from '@cc/contracts';
import { errorMessage } from '../../../shared/api/apiError';
import { formatExact } from '../../../shared/format';
import { formatTimeOfDay } from '../lib/time';
import { DELETED_TEXT } from '../lib/preview';
import type { OutboxEntry } from '../model/chatSlice';
import { ChatIcon } from './ChatIcon';
import { MessageMedia } from './MessageMedia';
import { MessageMenu, type MessageAction } from './MessageMenu';

type MessageRowProps = {
  message: Message;
  mine: boolean;
  seen: boolean;
  senderName: string;
  highlighted: boolean;
  onAction: (action: MessageAction, message: Message) => void;
  onOpenPhoto: (media: Media) => void;
};

/**
 * One stored message. Memoised: a new message, a keystroke or a read receipt re-renders only the
 * rows whose own props changed; `content-visibility` lets the browser skip off-screen rows.
 */
export const MessageRow = memo(function MessageRow({
  message,
  mine,
  seen,
  senderName,
  highlighted,
  onAction,
  onOpenPhoto,
}: MessageRowProps) {
  const deleted = message.deletedAt !== null;
  return (
    <article
      className={['chat-msg', mine ? 'chat-msg--mine' : 'chat-msg--theirs', deleted && 'chat-msg--deleted', highlighted && 'is-highlighted']
        .filter(Boolean)
        .join(' ')}
      data-testid="message"
      data-message-id={message._id}
      data-mine={mine ? 'true' : 'false'}
      data-deleted={deleted ? 'true' : undefined}
    >
      <div className="chat-msg__line">
        <div
          className={['chat-msg__bubble', message.media && !deleted && message.type !== 'file' && 'chat-msg__bubble--media']
            .filter(Boolean)
            .join(' ')}
        >
          <span className="visually-hidden">{senderName}: </span>
          {deleted ? (
            <p className="chat-msg__deleted">{DELETED_TEXT}</p>
          ) : (
            <>
              {message.media ? <MessageMedia media={message.media} onOpenPhoto={onOpenPhoto} /> : null}
              {message.text ? <p className="chat-msg__text">{message.text}</p> : null}
            </>
          )}
          <span className="chat-msg__meta">
            {message.bookmarked && !deleted ? (
              <span className="chat-msg__bookmarked" title="Bookmarked">
                <ChatIcon name="bookmark" size={12} />
                <span className="visually-hidden">Bookmarked</span>
              </span>
            ) : null}
            {deleted ? null : <MessageAmount message={message} mine={mine} />}
            <time dateTime={message.createdAt} title={formatExact(message.createdAt)}>
              {formatTimeOfDay(message.createdAt)}
            </time>
          </span>
        </div>
        {deleted ? null : (
          <MessageMenu
            bookmarked={message.bookmarked}
            canDelete={mine}
            align={mine ? 'end' : 'start'}
            onAction={(action) => onAction(action, message)}
          />
        )}
      </div>
      {seen ? <p className="chat-msg__status">Seen</p> : null}
    </article>
  );
});

/**
 * The tokens a paid message moved, as this viewer knows them: what the sender paid for it, and what
 * the model who received it earned (after the site's commission, docs/product.md#messaging).
 */
function MessageAmount({ message, mine }: { message: Message; mine: boolean }) {
  if (mine && message.price > 0) return <span title="What you paid for this message">{formatTokens(message.price)} tokens ·</span>;
  if (!mine && message.earned !== null && message.earned > 0)
    return (
      <span className="chat-msg__earned" title="What you earned from this message, after the site's commission">
        +{formatTokens(message.earned)} tokens ·
      </span>
    );
  return null;
}

type OutboxRowProps = {
  entry: OutboxEntry;
  senderName: string;
  onRetry: (entry: OutboxEntry) => void;
  onResendAt: (entry: OutboxEntry, price: number) => void;
  onDiscard: (entry: OutboxEntry) => void;
};

/**
 * A message of the viewer's on its way, or not sent (with the reason and Retry). Refused because
 * the price changed, it says the price now and offers to send it at that price instead of Retry:
 * the member confirms the new price before paying it (docs/product.md#price-changes).
 */
export const OutboxRow = memo(function OutboxRow({ entry, senderName, onRetry, onResendAt, onDiscard }: OutboxRowProps) {
  const failed = entry.status === 'failed';
  const noTokens = entry.error?.code === ErrorCode.INSUFFICIENT_TOKENS;
  const priceNow = changedPriceOf(entry.error);
  return (
    <article
      className={['chat-msg', 'chat-msg--mine', 'chat-msg--outbox', failed && 'chat-msg--failed'].filter(Boolean).join(' ')}
      data-testid="message"
      data-mine="true"
      data-client-id={entry.clientId}
      data-status={entry.status}
      aria-busy={!failed || undefined}
    >
      <div className="chat-msg__line">
        <div className="chat-msg__bubble">
          <span className="visually-hidden">{senderName}: </span>
          {entry.media ? <MessageMedia media={entry.media} /> : null}
          {entry.text ? <p className="chat-msg__text">{entry.text}</p> : null}
          <span className="chat-msg__meta">{failed ? null : <span>Sending…</span>}</span>
        </div>
      </div>
      {failed ? (
        <div className="chat-msg__failure" role="alert">
          {entry.error && (noTokens || entry.error.msg) ? <p className="chat-msg__reason">{errorMessage(entry.error)}</p> : null}
          {noTokens ? (
            <Link to="/tokens" className="chat-msg__tokens">
              Buy tokens
            </Link>
          ) : null}
          <p className="chat-msg__status chat-msg__status--failed">
            Not sent —{' '}
            {priceNow !== null ? (
              <button type="button" className="chat-msg__retry" onClick={() => onResendAt(entry, priceNow)}>
                {priceNow > 0 ? `Send for ${formatTokens(priceNow)} tokens` : 'Send for free'}
              </button>
            ) : (
              <button type="button" className="chat-msg__retry" onClick={() => onRetry(entry)}>
                Retry
              </button>
            )}
          </p>
          <button type="button" className="chat-msg__discard" onClick={() => onDiscard(entry)}>
            Discard
          </button>
        </div>
      ) : null}
    </article>
  );
});

import type { ReactNode } from 'react';
import type { Media, Message } from '@cc/contracts';
import { Button } from '../../../shared/ui';
import type { OutboxEntry } from '../model/chatSlice';
import { useLogScroll } from '../hooks/useLogScroll';
import { groupByDay, type DayGroup } from '../lib/logGroups';
import type { LogRow } from '../model/logRows';
import type { MessageAction } from './MessageMenu';
import { MessageRow, OutboxRow } from './MessageRow';

/** Closer to the top than this starts loading older messages. */
const LOAD_OLDER_PX = 240;

type Props = {
  rows: LogRow[];
  hasMore: boolean;
  loadingOlder: boolean;
  olderFailed: boolean;
  onLoadOlder: () => void;
  viewerName: string;
  recipientName: string;
  highlightId: string | null;
  onAction: (action: MessageAction, message: Message) => void;
  onOpenPhoto: (media: Media) => void;
  onRetry: (entry: OutboxEntry) => void;
  /** Sends a message refused for a changed price again, at the price now (docs/product.md#price-changes). */
  onResendAt: (entry: OutboxEntry, price: number) => void;
  onDiscard: (entry: OutboxEntry) => void;
  /** Shown under the last message (the typing indicator). */
  footer?: ReactNode;
};

/**
 * The history, newest at the bottom. Older pages load when the reader nears the top, and the
 * view keeps its distance from the bottom as they are prepended, so nothing under the reader's
 * eyes moves. New messages keep the view at the bottom only if it was there (or they are one's own).
 */
export function MessageLog({
  rows,
  hasMore,
  loadingOlder,
  olderFailed,
  onLoadOlder,
  viewerName,
  recipientName,
  highlightId,
  onAction,
  onOpenPhoto,
  onRetry,
  onResendAt,
  onDiscard,
  footer,
}: Props) {
  const { scrollRef, record } = useLogScroll(rows);

  const onScroll = () => {
    record();
    const el = scrollRef.current;
    if (el && el.scrollTop < LOAD_OLDER_PX && hasMore && !loadingOlder && !olderFailed) onLoadOlder();
  };

  const hasMessages = rows.length > 0;

  return (
    <div className="chat-scroll" ref={scrollRef} onScroll={onScroll}>
      <div className="chat-scroll__inner">
        <div className="chat-log__top">
          {hasMore ? (
            <Button variant="ghost" size="sm" loading={loadingOlder} onClick={onLoadOlder}>
              {olderFailed ? 'Could not load older messages — try again' : 'Load older messages'}
            </Button>
          ) : hasMessages ? (
            <p className="chat-log__start">This is the beginning of your conversation with {recipientName}.</p>
          ) : null}
        </div>
        <div className="chat-log" role="log" aria-label="Messages" aria-live="polite" aria-busy={loadingOlder || undefined} tabIndex={0}>
          {hasMessages ? (
            groupByDay(rows).map((group) => (
              <DayGroupSection
                key={group.key}
                group={group}
                viewerName={viewerName}
                recipientName={recipientName}
                highlightId={highlightId}
                onAction={onAction}
                onOpenPhoto={onOpenPhoto}
                onRetry={onRetry}
                onResendAt={onResendAt}
                onDiscard={onDiscard}
              />
            ))
          ) : (
            <p className="chat-log__empty">No messages yet. Say hello to {recipientName}!</p>
          )}
        </div>
        {footer}
      </div>
    </div>
  );
}

type DayGroupProps = Pick<
  Props,
  'viewerName' | 'recipientName' | 'highlightId' | 'onAction' | 'onOpenPhoto' | 'onRetry' | 'onResendAt' | 'onDiscard'
> & { group: DayGroup };

/** A day's messages share a section, so its sticky heading gives way to the next day's. */
function DayGroupSection({
  group,
  viewerName,
  recipientName,
  highlightId,
  onAction,
  onOpenPhoto,
  onRetry,
  onResendAt,
  onDiscard,
}: DayGroupProps) {
  return (
    <section className="chat-day-group" aria-label={group.label}>
      <h3 className="chat-day">
        <span>{group.label}</span>
      </h3>
      {group.rows.map((row) =>
        row.kind === 'outbox' ? (
          <OutboxRow
            key={row.key}
            entry={row.entry}
            senderName={viewerName}
            onRetry={onRetry}
            onResendAt={onResendAt}
            onDiscard={onDiscard}
          />
        ) : (
          <MessageRow
            key={row.key}
            message={row.message}
            mine={row.mine}
            seen={row.seen}
            senderName={row.mine ? viewerName : recipientName}
            highlighted={row.message._id === highlightId}
            onAction={onAction}
            onOpenPhoto={onOpenPhoto}
          />
        ),
      )}
    </section>
  );
}

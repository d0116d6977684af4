import { useCallback, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { Media, Message } from '@cc/contracts';
import { Button } from '../../../shared/ui';
import type { OutboxEntry } from '../model/chatSlice';
import type { LogRow } from '../model/logRows';
import type { MessageAction } from './MessageMenu';
import { MessageRow, OutboxRow } from './MessageRow';

/** Closer to the bottom than this counts as "at the bottom": new messages keep the view there. */
const STICK_PX = 120;
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

type DayGroup = { key: string; label: string; rows: Exclude<LogRow, { kind: 'day' }>[] };

function groupByDay(rows: LogRow[]): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const row of rows) {
    if (row.kind === 'day') groups.push({ key: row.key, label: row.label, rows: [] });
    else groups.at(-1)?.rows.push(row);
  }
  return groups;
}

const edgeKeys = (rows: LogRow[]) => {
  const messages = rows.filter((row) => row.kind !== 'day');
  const last = messages.at(-1);
  return {
    first: messages[0]?.key,
    last: last?.key,
    lastMine: last ? last.kind === 'outbox' || last.mine : false,
  };
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
  const scrollRef = useRef<HTMLDivElement>(null);
  const seen = useRef({
    scrollHeight: 0,
    scrollTop: 0,
    clientHeight: 0,
    first: undefined as string | undefined,
    last: undefined as string | undefined,
    count: 0,
  });

  const record = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    seen.current = { ...seen.current, scrollHeight: el.scrollHeight, scrollTop: el.scrollTop, clientHeight: el.clientHeight };
  }, []);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const before = seen.current;
    const edges = edgeKeys(rows);
    if (before.count === 0) {
      el.scrollTop = el.scrollHeight;
    } else if (edges.first !== before.first && edges.last === before.last) {
      // Older messages went in above: keep the same distance from the bottom.
      el.scrollTop = el.scrollHeight - (before.scrollHeight - before.scrollTop);
    } else if (edges.last !== before.last) {
      const wasAtBottom = before.scrollHeight - before.scrollTop - before.clientHeight < STICK_PX;
      if (wasAtBottom || edges.lastMine) el.scrollTop = el.scrollHeight;
    }
    seen.current = {
      scrollHeight: el.scrollHeight,
      scrollTop: el.scrollTop,
      clientHeight: el.clientHeight,
      first: edges.first,
      last: edges.last,
      count: rows.length,
    };
  }, [rows]);

  // The footer (typing) appearing, a photo loading or the phone keyboard opening keeps a reader at the bottom there.
  useEffect(() => {
    const el = scrollRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const before = seen.current;
      if (before.scrollHeight - before.scrollTop - before.clientHeight < STICK_PX) el.scrollTop = el.scrollHeight;
      record();
    });
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [record]);

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
              // A day's messages share a section, so its sticky heading gives way to the next day's.
              <section key={group.key} className="chat-day-group" aria-label={group.label}>
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

import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { edgeKeys } from '../lib/logGroups';
import type { LogRow } from '../model/logRows';

/** Closer to the bottom than this counts as "at the bottom": new messages keep the view there. */
const STICK_PX = 120;

/**
 * Where the log's scroll goes as its rows change: to the bottom at first; the same distance from
 * the bottom when older messages go in above; to the bottom for new ones only if it was there (or
 * they are one's own). `record` notes where the reader is (call it on scroll).
 */
export function useLogScroll(rows: LogRow[]) {
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

  return { scrollRef, record };
}

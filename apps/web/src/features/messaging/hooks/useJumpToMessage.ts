import { useCallback, useState } from 'react';
import type { Message } from '@cc/contracts';
import type { useOlderMessages } from './useOlderMessages';

/** How many older pages a search result may pull in to reach its message. */
const JUMP_PAGES_MAX = 20;
const HIGHLIGHT_MS = 2400;

/** A search result: older pages load until its message is in the log, which scrolls to it and highlights it a moment. */
export function useJumpToMessage(older: ReturnType<typeof useOlderMessages>) {
  const [highlightId, setHighlightId] = useState<string | null>(null);

  const jumpTo = useCallback(
    async (message: Message) => {
      for (let page = 0; page < JUMP_PAGES_MAX; page += 1) {
        const loaded = older.currentWindow();
        if (!loaded || loaded.items.some((item) => item._id === message._id)) break;
        if (!loaded.hasMore || (loaded.items[0]?.seq ?? 0) <= message.seq) break;
        if (!(await older.loadOlder())) break;
      }
      setHighlightId(message._id);
      requestAnimationFrame(() => {
        document.querySelector(`[data-message-id="${message._id}"]`)?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      });
      setTimeout(() => setHighlightId((current) => (current === message._id ? null : current)), HIGHLIGHT_MS);
    },
    [older],
  );

  return { highlightId, jumpTo };
}

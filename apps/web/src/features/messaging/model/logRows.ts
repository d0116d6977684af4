import type { Message } from '@cc/contracts';
import { dayKey, dayLabel } from '../lib/time';
import type { OutboxEntry } from './chatSlice';

export type LogRow =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'message'; key: string; message: Message; mine: boolean; seen: boolean }
  | { kind: 'outbox'; key: string; entry: OutboxEntry };

/**
 * What the chat shows, top to bottom: messages grouped by day, then the viewer's messages still on
 * their way (minus any the server already has — its copy may arrive before the send answers).
 * 'Seen' goes under the viewer's last message the other person has read.
 */
export function buildLogRows(
  items: readonly Message[],
  outbox: readonly OutboxEntry[],
  viewerId: string,
  recipientReadSeq: number,
  now: number,
): LogRow[] {
  let seenId: string | null = null;
  for (let index = items.length - 1; index >= 0; index -= 1) {
    const message = items[index]!;
    if (message.senderId === viewerId && message.seq <= recipientReadSeq) {
      seenId = message._id;
      break;
    }
  }

  const rows: LogRow[] = [];
  let currentDay = '';
  const startDay = (iso: string) => {
    const key = dayKey(iso);
    if (key === currentDay) return;
    currentDay = key;
    rows.push({ kind: 'day', key: `day-${key}`, label: dayLabel(iso, now) });
  };
  for (const message of items) {
    startDay(message.createdAt);
    rows.push({ kind: 'message', key: message._id, message, mine: message.senderId === viewerId, seen: message._id === seenId });
  }
  const stored = new Set(items.map((message) => message.clientId));
  for (const entry of outbox) {
    if (stored.has(entry.clientId)) continue;
    startDay(entry.createdAt);
    rows.push({ kind: 'outbox', key: `outbox-${entry.clientId}`, entry });
  }
  return rows;
}

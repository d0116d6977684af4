export { formatTokens, parseTokens } from '@cc/contracts';

/** 5242880 → "5 MB": for upload limits and file sizes people read. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // One decimal at most, and none when it would be ".0".
  return `${Number(value.toFixed(1))} ${units[unit]}`;
}

const dateFormatter = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** An ISO date (or date-time) as "Mar 4, 2026"; the text itself when it is not a date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormatter.format(date);
}

export { calendarDaysBetween, formatExact, relativeTime, startOfDay } from './time';

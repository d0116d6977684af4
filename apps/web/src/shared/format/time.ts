const exact = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const shortDateYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** Midnight (local time) of the day a time falls on. */
export function startOfDay(time: number): number {
  const date = new Date(time);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

/** Whole calendar days between two times; rounded because a day across a DST change is 23 or 25 hours. */
export function calendarDaysBetween(earlier: number, later: number): number {
  return Math.round((startOfDay(later) - startOfDay(earlier)) / 86_400_000);
}

/**
 * UI guide: relative when recent, then the date. "just now", "5 min ago", "3 h ago" (same calendar day),
 * "yesterday" (the previous calendar day, even if only minutes ago), "4 days ago", then "Mar 4" this year
 * or "Mar 4, 2025" before. The text itself when it is not a date.
 */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  const seconds = Math.round((now - time) / 1000);
  // A clock a little ahead of ours gives a time "in the future": still just now.
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const days = calendarDaysBetween(time, now);
  if (days === 0) return `${Math.floor(minutes / 60)} h ago`;
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  return new Date(time).getFullYear() === new Date(now).getFullYear() ? shortDate.format(time) : shortDateYear.format(time);
}

/** "Mar 4, 2026, 10:42 AM": the exact time shown on hover. The text itself when it is not a date. */
export function formatExact(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : exact.format(date);
}

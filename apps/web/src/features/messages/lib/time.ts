const timeOfDay = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const exact = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const weekdayDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });
const fullDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const shortDateYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

const startOfDay = (time: number) => {
  const date = new Date(time);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
};

/** The local calendar day of a time, as a key for grouping messages ("2026-03-04"). */
export function dayKey(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** A day heading in the chat: "Today", "Yesterday", "Tuesday, March 3", or with the year when not this year. */
export function dayLabel(iso: string, now: number): string {
  const time = new Date(iso).getTime();
  const days = Math.round((startOfDay(now) - startOfDay(time)) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return new Date(time).getFullYear() === new Date(now).getFullYear() ? weekdayDate.format(time) : fullDate.format(time);
}

/** "10:42 AM" under a message. */
export const formatTimeOfDay = (iso: string) => timeOfDay.format(new Date(iso));

/** "Mar 4, 2026, 10:42 AM": the exact time on hover. */
export const formatExact = (iso: string) => exact.format(new Date(iso));

/** UI guide: relative when recent ("5 min ago"), then the date. */
export function relativeTime(iso: string, now: number): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  const seconds = Math.round((now - time) / 1000);
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24 && startOfDay(time) === startOfDay(now)) return `${hours} h ago`;
  const days = Math.round((startOfDay(now) - startOfDay(time)) / 86_400_000);
  if (days <= 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  return new Date(time).getFullYear() === new Date(now).getFullYear() ? shortDate.format(time) : shortDateYear.format(time);
}

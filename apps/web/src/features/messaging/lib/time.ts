import { calendarDaysBetween } from '../../../shared/format';

// Chat-only time helpers; relative times and the exact time on hover live in shared/format.
const timeOfDay = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const weekdayDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });
const fullDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

/** The local calendar day of a time, as a key for grouping messages ("2026-03-04"). */
export function dayKey(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** A day heading in the chat: "Today", "Yesterday", "Tuesday, March 3", or with the year when not this year. */
export function dayLabel(iso: string, now: number): string {
  const time = new Date(iso).getTime();
  const days = calendarDaysBetween(time, now);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return new Date(time).getFullYear() === new Date(now).getFullYear() ? weekdayDate.format(time) : fullDate.format(time);
}

/** "10:42 AM" under a message. */
export const formatTimeOfDay = (iso: string) => timeOfDay.format(new Date(iso));

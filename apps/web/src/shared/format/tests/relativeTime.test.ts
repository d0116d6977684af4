import { expect, it } from 'vitest';
import { formatExact, relativeTime } from '../time';

// Local wall-clock times, so the calendar rules hold in any time zone the tests run in.
const at = (month: number, day: number, hour: number, minute = 0, year = 2026) => new Date(year, month - 1, day, hour, minute);
const iso = (date: Date) => date.toISOString();
const now = at(3, 10, 15, 30).getTime();

it('says "just now" for the last minute, including a clock slightly ahead of ours', () => {
  expect(relativeTime(iso(at(3, 10, 15, 30)), now)).toBe('just now');
  expect(relativeTime(new Date(now - 59_000).toISOString(), now)).toBe('just now');
  expect(relativeTime(new Date(now + 20_000).toISOString(), now)).toBe('just now');
});

it('counts whole minutes, then whole hours on the same day', () => {
  expect(relativeTime(iso(at(3, 10, 15, 29)), now)).toBe('1 min ago');
  expect(relativeTime(iso(at(3, 10, 14, 31)), now)).toBe('59 min ago');
  expect(relativeTime(iso(at(3, 10, 14, 30)), now)).toBe('1 h ago');
  expect(relativeTime(iso(at(3, 10, 0, 5)), now)).toBe('15 h ago');
});

it('says "yesterday" for the previous calendar day, even only a couple of hours across midnight', () => {
  const justAfterMidnight = at(3, 10, 1, 0).getTime();
  expect(relativeTime(iso(at(3, 9, 23, 0)), justAfterMidnight)).toBe('yesterday');
  expect(relativeTime(iso(at(3, 9, 0, 5)), now)).toBe('yesterday');
});

it('counts calendar days for the rest of the week, then shows the date (with the year when not this year)', () => {
  expect(relativeTime(iso(at(3, 8, 23, 59)), now)).toBe('2 days ago');
  expect(relativeTime(iso(at(3, 4, 9, 0)), now)).toBe('6 days ago');
  expect(relativeTime(iso(at(3, 3, 9, 0)), now)).toBe('Mar 3');
  expect(relativeTime(iso(at(12, 24, 9, 0, 2025)), now)).toBe('Dec 24, 2025');
});

it('gives back the text itself when it is not a date', () => {
  expect(relativeTime('not a date', now)).toBe('not a date');
  expect(formatExact('not a date')).toBe('not a date');
  expect(formatExact(iso(at(3, 4, 10, 42)))).toMatch(/^Mar 4, 2026, 10:42\sAM$/);
});

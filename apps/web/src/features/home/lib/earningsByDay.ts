import type { Earning } from '@cc/contracts';
import { sumTokens } from '../../../shared/money';

export type DayTotal = { day: Date; net: number };

const DAY_MS = 86_400_000;

/** Midnight, local time, of the day `days` before today. */
export function startOfWindow(days: number, now: Date = new Date()): Date {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return new Date(today.getTime() - (days - 1) * DAY_MS);
}

const dayKey = (date: Date) => `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;

/**
 * Net tokens earned on each of the last `days` days, oldest first, with 0 on quiet days. Sums go
 * through hundredths (docs/product.md#units), so the bars add up to the total shown.
 */
export function earningsByDay(items: readonly Pick<Earning, 'net' | 'createdAt'>[], days: number, now: Date = new Date()): DayTotal[] {
  const start = startOfWindow(days, now);
  const byDay = new Map<string, number[]>();
  for (const item of items) {
    const key = dayKey(new Date(item.createdAt));
    byDay.set(key, [...(byDay.get(key) ?? []), item.net]);
  }
  return Array.from({ length: days }, (_, index) => {
    const day = new Date(start.getFullYear(), start.getMonth(), start.getDate() + index);
    return { day, net: sumTokens(byDay.get(dayKey(day)) ?? []) };
  });
}

import { EARNING_PERIODS_SHOWN, type EarningPeriod } from '@cc/contracts';

const DAY_MS = 86_400_000;

/** The first instant (UTC) of the day, ISO week (Monday) or month holding `at`. */
export function periodStart(period: EarningPeriod, at: Date): Date {
  const [y, m, d] = [at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()];
  if (period === 'month') return new Date(Date.UTC(y, m, 1));
  const day = Date.UTC(y, m, d);
  if (period === 'day') return new Date(day);
  // getUTCDay(): Sunday 0 … Saturday 6; an ISO week starts on Monday, as PostgreSQL's date_trunc('week').
  return new Date(day - ((at.getUTCDay() + 6) % 7) * DAY_MS);
}

/** The start of the period `steps` periods after (or, negative, before) the one starting at `start`. */
function shift(period: EarningPeriod, start: Date, steps: number): Date {
  if (period === 'month') return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + steps, 1));
  return new Date(start.getTime() + steps * (period === 'week' ? 7 : 1) * DAY_MS);
}

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The periods `GET /earning` shows: the last `EARNING_PERIODS_SHOWN[period]`, ending with the one
 * holding `now`, oldest first, each named by its first day (YYYY-MM-DD, UTC); and the instant the
 * first one begins, from which rows are counted.
 */
export function shownPeriods(period: EarningPeriod, now: Date): { from: Date; starts: string[] } {
  const current = periodStart(period, now);
  const shown = EARNING_PERIODS_SHOWN[period];
  const starts = Array.from({ length: shown }, (_, i) => isoDay(shift(period, current, i - (shown - 1))));
  return { from: shift(period, current, -(shown - 1)), starts };
}

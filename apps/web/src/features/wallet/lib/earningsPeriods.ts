import type { EarningPeriod } from '@cc/contracts';

/** The periods a model can group earnings by, as the picker names them. */
export const PERIOD_OPTIONS: readonly { value: EarningPeriod; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

export const isEarningPeriod = (value: string): value is EarningPeriod => PERIOD_OPTIONS.some((option) => option.value === value);

/** What the x axis counts, and the span the chart covers ("the last 30 days"). */
export const PERIOD_WORDS: Record<EarningPeriod, { axis: string; span: (count: number) => string }> = {
  day: { axis: 'Day', span: (n) => (n === 1 ? 'the last day' : `the last ${n} days`) },
  week: { axis: 'Week starting', span: (n) => (n === 1 ? 'the last week' : `the last ${n} weeks`) },
  month: { axis: 'Month', span: (n) => (n === 1 ? 'the last month' : `the last ${n} months`) },
};

// `start` is a UTC calendar day (YYYY-MM-DD): read and print it in UTC so no time zone shifts it a day.
const short: Record<EarningPeriod, Intl.DateTimeFormat> = {
  day: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  week: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  month: new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
};
const long: Record<EarningPeriod, Intl.DateTimeFormat> = {
  day: new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
  week: new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
  month: new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
};

const asDate = (start: string) => new Date(`${start}T00:00:00.000Z`);

/** A compact label under a bar: "Mar 4" for a day or a week, "Mar 2026" for a month. */
export function periodLabel(start: string, period: EarningPeriod): string {
  const date = asDate(start);
  return Number.isNaN(date.getTime()) ? start : short[period].format(date);
}

/** The full name of a period for the tooltip and the table: "Wed, March 4, 2026", "Week of March 2, 2026", "March 2026". */
export function periodName(start: string, period: EarningPeriod): string {
  const date = asDate(start);
  if (Number.isNaN(date.getTime())) return start;
  return period === 'week' ? `Week of ${long.week.format(date)}` : long[period].format(date);
}

/** One bar of the earnings chart: a period's start, its net earnings and how many earnings it holds. */
export type ChartPeriod = { start: string; net: number; count: number };

/** A chart's vertical range with round grid lines, and where to label the horizontal axis. */
export type ChartScale = { min: number; max: number; ticks: number[]; format: (value: number) => string };

const tickFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** 1, 2, 2.5 or 5 times a power of ten, the smallest at least `rough`. */
function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= rough) ?? 10;
  return step * power;
}

/**
 * From 0 (or the lowest negative value, a period where refunds outweighed sales) up to a round
 * number above the highest value, in about four steps. A chart of zeros still gets a 0–1 frame.
 */
export function chartScale(values: readonly number[], steps = 4): ChartScale {
  const high = Math.max(0, ...values);
  const low = Math.min(0, ...values);
  if (high === low) return { min: 0, max: 1, ticks: [0, 1], format: (v) => tickFormat.format(v) };
  const step = niceStep((high - low) / steps);
  const min = Math.floor(low / step) * step;
  const max = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  // Counted in whole steps so 0.1-sized steps do not gather floating-point dust.
  for (let k = Math.round(min / step); k <= Math.round(max / step); k++) ticks.push(Number((k * step).toFixed(6)));
  return { min, max, ticks, format: (v) => tickFormat.format(v) };
}

/** At most `most` evenly spread bar indexes to label, always the first and the last. */
export function labelIndexes(count: number, most = 7): number[] {
  if (count <= 0) return [];
  if (count <= most) return Array.from({ length: count }, (_, i) => i);
  const every = (count - 1) / (most - 1);
  return Array.from({ length: most }, (_, i) => Math.round(i * every));
}

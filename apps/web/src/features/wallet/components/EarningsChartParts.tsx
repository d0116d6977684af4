import type { EarningPeriod } from '@cc/contracts';
import { formatTokens } from '../lib/format';
import { periodLabel, periodName, PERIOD_WORDS } from '../lib/earningsPeriods';
import { labelIndexes, type ChartPeriod, type ChartScale } from '../lib/chartScale';

/** Where things go in the chart's 600 × 200 drawing: the height of a value, and each period's column. */
export type ChartGeometry = {
  width: number;
  height: number;
  y: (value: number) => number;
  slot: number;
  barWidth: number;
};

const salesText = (count: number) => (count === 1 ? '1 sale' : `${count} sales`);

type BarsProps = {
  periods: readonly ChartPeriod[];
  period: EarningPeriod;
  scale: ChartScale;
  geometry: ChartGeometry;
  active: number | null;
  onPoint: (index: number) => void;
  titleId: string;
  summary: string;
};

/** The picture: grid lines and one bar per period (below the zero line when refunds outweighed sales). */
export function ChartBars({ periods, period, scale, geometry, active, onPoint, titleId, summary }: BarsProps) {
  const { width, height, y, slot, barWidth } = geometry;
  const baseline = y(0);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" role="img" aria-labelledby={titleId} className="earnings-bars__svg">
      <title id={titleId}>{summary}</title>
      {scale.ticks.map((tick) => (
        <line
          key={tick}
          x1="0"
          x2={width}
          y1={y(tick)}
          y2={y(tick)}
          className={tick === 0 ? 'earnings-bars__zero' : 'earnings-bars__grid'}
        />
      ))}
      {periods.map((p, index) => {
        const top = Math.min(y(p.net), baseline);
        const barHeight = Math.abs(y(p.net) - baseline);
        const x = index * slot + (slot - barWidth) / 2;
        return (
          <g key={p.start} onPointerEnter={() => onPoint(index)}>
            {/* The whole column answers the pointer, so thin or empty bars are easy to hover. */}
            <rect x={index * slot} y="0" width={slot} height={height} className="earnings-bars__hit" />
            <rect
              x={x}
              y={top}
              width={barWidth}
              height={p.net === 0 ? 0 : Math.max(2, barHeight)}
              rx="2"
              className={['earnings-bars__bar', p.net < 0 ? 'earnings-bars__bar--negative' : '', index === active ? 'is-active' : ''].join(
                ' ',
              )}
              data-testid="earnings-bar"
              data-net={p.net}
            >
              <title>{`${periodName(p.start, period)}: ${formatTokens(p.net)} tokens`}</title>
            </rect>
          </g>
        );
      })}
    </svg>
  );
}

type TooltipProps = { shown: ChartPeriod; active: number; count: number; period: EarningPeriod };

/** The hovered or focused period's numbers, kept inside the frame at either end. */
export function ChartTooltip({ shown, active, count, period }: TooltipProps) {
  return (
    <div
      className={['earnings-bars__tooltip', active < count / 6 ? 'is-start' : active > (count * 5) / 6 ? 'is-end' : ''].join(' ')}
      style={{ left: `${((active + 0.5) / count) * 100}%` }}
      aria-hidden="true"
    >
      <span className="earnings-bars__tooltip-when">{periodName(shown.start, period)}</span>
      <strong>{formatTokens(shown.net)} tokens</strong>
      <span className="earnings-bars__tooltip-count">{salesText(shown.count)}</span>
    </div>
  );
}

/** The horizontal axis: a few periods named under their bars. */
export function ChartLabels({ periods, period }: { periods: readonly ChartPeriod[]; period: EarningPeriod }) {
  return (
    <div className="earnings-bars__labels" aria-hidden="true">
      {labelIndexes(periods.length).map((index, position) => (
        // Every other label steps aside on phones, keeping the first, the middle and the last.
        <span
          key={index}
          className={position % 2 === 1 ? 'earnings-bars__label earnings-bars__label--minor' : 'earnings-bars__label'}
          style={{ left: `${((index + 0.5) / periods.length) * 100}%` }}
        >
          {periodLabel(periods[index]!.start, period)}
        </span>
      ))}
    </div>
  );
}

/** The same numbers for screen readers, which get the picture as one image named by its summary. */
export function ChartTable({ periods, period }: { periods: readonly ChartPeriod[]; period: EarningPeriod }) {
  return (
    <div className="visually-hidden">
      <table>
        <caption>Net earnings by {period}</caption>
        <thead>
          <tr>
            <th scope="col">{PERIOD_WORDS[period].axis}</th>
            <th scope="col">Net tokens</th>
            <th scope="col">Sales</th>
          </tr>
        </thead>
        <tbody>
          {periods.map((p) => (
            <tr key={p.start}>
              <th scope="row">{periodName(p.start, period)}</th>
              <td>{formatTokens(p.net)}</td>
              <td>{p.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

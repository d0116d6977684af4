import { useId, useState, type KeyboardEvent } from 'react';
import type { EarningPeriod } from '@cc/contracts';
import { sumTokens } from '../../../shared/money';
import { formatTokens } from '../lib/format';
import { periodLabel, periodName, PERIOD_WORDS } from '../lib/earningsPeriods';
import { chartScale, labelIndexes } from '../lib/chartScale';
import './EarningsChart.css';

export type ChartPeriod = { start: string; net: number; count: number };

const WIDTH = 600;
const HEIGHT = 200;
const GAP_SHARE = 0.25;

const salesText = (count: number) => (count === 1 ? '1 sale' : `${count} sales`);

/**
 * Net earnings per period as an SVG bar chart, no library. For eyes: axis labels, grid lines and a
 * tooltip on hover or focus (arrow keys step through the bars). For screen readers: the picture is
 * one image named by its summary, and the same numbers are in a visually hidden table.
 */
export function EarningsChart({ periods, period }: { periods: readonly ChartPeriod[]; period: EarningPeriod }) {
  const titleId = useId();
  const [active, setActive] = useState<number | null>(null);
  const total = sumTokens(periods.map((p) => p.net));
  const span = PERIOD_WORDS[period].span(periods.length);
  const summary = `${formatTokens(total)} tokens earned in ${span}`;
  const scale = chartScale(periods.map((p) => p.net));
  const slot = WIDTH / Math.max(1, periods.length);
  const barWidth = slot * (1 - GAP_SHARE);
  const y = (value: number) => HEIGHT - ((value - scale.min) / (scale.max - scale.min)) * HEIGHT;
  const baseline = y(0);
  const shown = active === null ? null : periods[active];
  const quiet = periods.every((p) => p.net === 0);

  const onKeyDown = (event: KeyboardEvent) => {
    const last = periods.length - 1;
    const from = active ?? last;
    const moves: Record<string, number> = { ArrowRight: from + 1, ArrowLeft: from - 1, Home: 0, End: last };
    const next = moves[event.key];
    if (next === undefined || last < 0) return;
    event.preventDefault();
    setActive(Math.min(last, Math.max(0, next)));
  };

  return (
    <figure className="earnings-bars">
      <p className="earnings-bars__summary">{summary}</p>
      <div className="earnings-bars__frame">
        <span className="earnings-bars__axis-title earnings-bars__axis-title--y" aria-hidden="true">
          Net tokens
        </span>
        <div className="earnings-bars__ticks" aria-hidden="true">
          {scale.ticks.map((tick) => (
            <span key={tick} className="earnings-bars__tick" style={{ top: `${(y(tick) / HEIGHT) * 100}%` }}>
              {scale.format(tick)}
            </span>
          ))}
        </div>
        <div
          className="earnings-bars__plot"
          tabIndex={0}
          onKeyDown={onKeyDown}
          onFocus={() => setActive((current) => current ?? (periods.length ? periods.length - 1 : null))}
          onBlur={() => setActive(null)}
          onPointerLeave={() => setActive(null)}
        >
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            preserveAspectRatio="none"
            role="img"
            aria-labelledby={titleId}
            className="earnings-bars__svg"
          >
            <title id={titleId}>{summary}</title>
            {scale.ticks.map((tick) => (
              <line
                key={tick}
                x1="0"
                x2={WIDTH}
                y1={y(tick)}
                y2={y(tick)}
                className={tick === 0 ? 'earnings-bars__zero' : 'earnings-bars__grid'}
              />
            ))}
            {periods.map((p, index) => {
              const top = Math.min(y(p.net), baseline);
              const height = Math.abs(y(p.net) - baseline);
              const x = index * slot + (slot - barWidth) / 2;
              return (
                <g key={p.start} onPointerEnter={() => setActive(index)}>
                  {/* The whole column answers the pointer, so thin or empty bars are easy to hover. */}
                  <rect x={index * slot} y="0" width={slot} height={HEIGHT} className="earnings-bars__hit" />
                  <rect
                    x={x}
                    y={top}
                    width={barWidth}
                    height={p.net === 0 ? 0 : Math.max(2, height)}
                    rx="2"
                    className={[
                      'earnings-bars__bar',
                      p.net < 0 ? 'earnings-bars__bar--negative' : '',
                      index === active ? 'is-active' : '',
                    ].join(' ')}
                    data-testid="earnings-bar"
                    data-net={p.net}
                  >
                    <title>{`${periodName(p.start, period)}: ${formatTokens(p.net)} tokens`}</title>
                  </rect>
                </g>
              );
            })}
          </svg>
          {quiet ? <p className="earnings-bars__quiet">No earnings in {span}</p> : null}
          {shown && active !== null ? (
            <div
              className={[
                'earnings-bars__tooltip',
                active < periods.length / 6 ? 'is-start' : active > (periods.length * 5) / 6 ? 'is-end' : '',
              ].join(' ')}
              style={{ left: `${((active + 0.5) / periods.length) * 100}%` }}
              aria-hidden="true"
            >
              <span className="earnings-bars__tooltip-when">{periodName(shown.start, period)}</span>
              <strong>{formatTokens(shown.net)} tokens</strong>
              <span className="earnings-bars__tooltip-count">{salesText(shown.count)}</span>
            </div>
          ) : null}
        </div>
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
        <span className="earnings-bars__axis-title earnings-bars__axis-title--x" aria-hidden="true">
          {PERIOD_WORDS[period].axis}
        </span>
      </div>
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
    </figure>
  );
}

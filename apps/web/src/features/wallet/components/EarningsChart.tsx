import { useId, useState, type KeyboardEvent } from 'react';
import type { EarningPeriod } from '@cc/contracts';
import { sumTokens } from '../../../shared/money';
import { formatTokens } from '../lib/format';
import { PERIOD_WORDS } from '../lib/earningsPeriods';
import { chartScale, type ChartPeriod } from '../lib/chartScale';
import { ChartBars, ChartLabels, ChartTable, ChartTooltip, type ChartGeometry } from './EarningsChartParts';
import './EarningsChart.css';

const WIDTH = 600;
const HEIGHT = 200;
const GAP_SHARE = 0.25;

/** Which bar the tooltip shows: the hovered one, or the focused one that arrow keys, Home and End move. */
function useActiveBar(count: number) {
  const [active, setActive] = useState<number | null>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const last = count - 1;
    const from = active ?? last;
    const moves: Record<string, number> = { ArrowRight: from + 1, ArrowLeft: from - 1, Home: 0, End: last };
    const next = moves[event.key];
    if (next === undefined || last < 0) return;
    event.preventDefault();
    setActive(Math.min(last, Math.max(0, next)));
  };
  const onFocus = () => setActive((current) => current ?? (count ? count - 1 : null));
  return { active, setActive, onKeyDown, onFocus, clear: () => setActive(null) };
}

/**
 * Net earnings per period as an SVG bar chart, no library. For eyes: axis labels, grid lines and a
 * tooltip on hover or focus (arrow keys step through the bars). For screen readers: the picture is
 * one image named by its summary, and the same numbers are in a visually hidden table.
 */
export function EarningsChart({ periods, period }: { periods: readonly ChartPeriod[]; period: EarningPeriod }) {
  const titleId = useId();
  const { active, setActive, onKeyDown, onFocus, clear } = useActiveBar(periods.length);
  const total = sumTokens(periods.map((p) => p.net));
  const span = PERIOD_WORDS[period].span(periods.length);
  const summary = `${formatTokens(total)} tokens earned in ${span}`;
  const scale = chartScale(periods.map((p) => p.net));
  const slot = WIDTH / Math.max(1, periods.length);
  const geometry: ChartGeometry = {
    width: WIDTH,
    height: HEIGHT,
    y: (value) => HEIGHT - ((value - scale.min) / (scale.max - scale.min)) * HEIGHT,
    slot,
    barWidth: slot * (1 - GAP_SHARE),
  };
  const shown = active === null ? null : periods[active];
  const quiet = periods.every((p) => p.net === 0);

  return (
    <figure className="earnings-bars">
      <p className="earnings-bars__summary">{summary}</p>
      <div className="earnings-bars__frame">
        <span className="earnings-bars__axis-title earnings-bars__axis-title--y" aria-hidden="true">
          Net tokens
        </span>
        <div className="earnings-bars__ticks" aria-hidden="true">
          {scale.ticks.map((tick) => (
            <span key={tick} className="earnings-bars__tick" style={{ top: `${(geometry.y(tick) / HEIGHT) * 100}%` }}>
              {scale.format(tick)}
            </span>
          ))}
        </div>
        <div className="earnings-bars__plot" tabIndex={0} onKeyDown={onKeyDown} onFocus={onFocus} onBlur={clear} onPointerLeave={clear}>
          <ChartBars
            periods={periods}
            period={period}
            scale={scale}
            geometry={geometry}
            active={active}
            onPoint={setActive}
            titleId={titleId}
            summary={summary}
          />
          {quiet ? <p className="earnings-bars__quiet">No earnings in {span}</p> : null}
          {shown && active !== null ? <ChartTooltip shown={shown} active={active} count={periods.length} period={period} /> : null}
        </div>
        <ChartLabels periods={periods} period={period} />
        <span className="earnings-bars__axis-title earnings-bars__axis-title--x" aria-hidden="true">
          {PERIOD_WORDS[period].axis}
        </span>
      </div>
      <ChartTable periods={periods} period={period} />
    </figure>
  );
}

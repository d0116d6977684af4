import { useId } from 'react';
import { formatTokens } from '../../../shared/format';
import type { DayTotal } from '../lib/earningsByDay';

const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const longDay = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });

const WIDTH = 560;
const HEIGHT = 160;
const GAP = 6;

/**
 * Net tokens per day as bars. The picture is for eyes (role="img" with a summary); the same numbers
 * are in a visually hidden table for screen readers.
 */
export function EarningsChart({ days, summary }: { days: readonly DayTotal[]; summary: string }) {
  const titleId = useId();
  const highest = Math.max(...days.map((day) => day.net), 0);
  const barWidth = (WIDTH - GAP * (days.length - 1)) / days.length;
  const first = days[0];
  const last = days.at(-1);
  return (
    <figure className="earnings-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={titleId}
        className="earnings-chart__svg"
      >
        <title id={titleId}>{summary}</title>
        <line x1="0" x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="earnings-chart__axis" />
        {days.map((day, index) => {
          const height = highest > 0 && day.net > 0 ? Math.max(3, (day.net / highest) * (HEIGHT - 8)) : 0;
          return (
            <g key={day.day.toISOString()}>
              <rect x={index * (barWidth + GAP)} y="0" width={barWidth} height={HEIGHT} rx="3" className="earnings-chart__track" />
              <rect
                x={index * (barWidth + GAP)}
                y={HEIGHT - height}
                width={barWidth}
                height={height}
                rx="3"
                className="earnings-chart__bar"
              >
                <title>{`${shortDay.format(day.day)}: ${formatTokens(day.net)} tokens`}</title>
              </rect>
            </g>
          );
        })}
      </svg>
      {first && last ? (
        <figcaption className="earnings-chart__range" aria-hidden="true">
          <span>{shortDay.format(first.day)}</span>
          <span>{shortDay.format(last.day)}</span>
        </figcaption>
      ) : null}
      <div className="visually-hidden">
        <table>
          <caption>Tokens earned per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Tokens earned</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day.toISOString()}>
                <td>{longDay.format(day.day)}</td>
                <td>{formatTokens(day.net)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

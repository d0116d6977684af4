import type { ReactNode } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Card } from '../../../../shared/ui';
import './StatsChart.css';

/** One line, bar or area of a chart: its key in the rows, its name and colour, how its values read. */
export type ChartSeries<K extends string> = { key: K; name: string; color: string };

export type ChartRow<K extends string> = { label: string; fullLabel: string } & Record<K, number>;

type StatsChartProps<K extends string> = {
  title: string;
  /** A sentence under the title: what is counted, and the period's total. */
  summary: ReactNode;
  kind: 'line' | 'bar' | 'area';
  series: readonly ChartSeries<K>[];
  rows: readonly ChartRow<K>[];
  format: (value: number) => string;
  /** Short axis ticks (1.2k, $3k). */
  tick?: (value: number) => string;
  height?: number;
};

/** A round step for four gridlines over `max` (1, 2, 2.5 or 5 times a power of ten; at least 1). */
export function niceStep(max: number): number {
  const rough = max / 4;
  if (rough <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10) * power;
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Grid, axes, tooltip and (for more than one series) the legend, shared by the three kinds. */
function chartAxes<K extends string>(
  ticks: number[],
  tick: (value: number) => string,
  format: (value: number) => string,
  kind: StatsChartProps<K>['kind'],
  legend: boolean,
) {
  return [
    <CartesianGrid key="grid" vertical={false} stroke="var(--color-border)" />,
    <XAxis
      key="x"
      dataKey="label"
      tickLine={false}
      axisLine={{ stroke: 'var(--color-border)' }}
      tick={{ fill: 'var(--color-text-muted)', fontSize: 12 }}
      minTickGap={16}
    />,
    <YAxis
      key="y"
      width={48}
      domain={[0, ticks[4]!]}
      ticks={ticks}
      tickLine={false}
      axisLine={false}
      tick={{ fill: 'var(--color-text-muted)', fontSize: 12 }}
      tickFormatter={tick}
    />,
    <Tooltip
      key="tooltip"
      formatter={(value) => format(Number(value))}
      labelFormatter={(_label, payload) => (payload?.[0]?.payload as ChartRow<K> | undefined)?.fullLabel ?? ''}
      contentStyle={{
        background: 'var(--color-surface-raised)',
        border: '1px solid var(--color-border)',
        borderRadius: 'var(--radius-md)',
        color: 'var(--color-text)',
        fontSize: 13,
      }}
      cursor={kind === 'bar' ? { fill: 'var(--color-surface-muted)' } : { stroke: 'var(--color-border-strong)' }}
    />,
    ...(legend ? [<Legend key="legend" iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 13 }} />] : []),
  ];
}

/** The drawing itself: lines, areas or bars over the shared axes. */
function chartDrawing<K extends string>(
  kind: StatsChartProps<K>['kind'],
  data: ChartRow<K>[],
  axes: ReactNode[],
  series: readonly ChartSeries<K>[],
) {
  const margin = { top: 8, right: 8, bottom: 0, left: 0 };
  if (kind === 'line')
    return (
      <LineChart data={data} margin={margin}>
        {axes}
        {series.map((s) => (
          <Line
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.name}
            stroke={s.color}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    );
  if (kind === 'area')
    return (
      <AreaChart data={data} margin={margin}>
        {axes}
        {series.map((s) => (
          <Area
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.name}
            stroke={s.color}
            fill={s.color}
            fillOpacity={0.15}
            strokeWidth={2}
            isAnimationActive={false}
          />
        ))}
      </AreaChart>
    );
  return (
    <BarChart data={data} margin={margin}>
      {axes}
      {series.map((s) => (
        <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} radius={[3, 3, 0, 0]} maxBarSize={28} isAnimationActive={false} />
      ))}
    </BarChart>
  );
}

/** The chart told again as a table, for screen readers. */
function ChartTable<K extends string>({
  title,
  series,
  rows,
  format,
}: {
  title: string;
  series: readonly ChartSeries<K>[];
  rows: ChartRow<K>[];
  format: (value: number) => string;
}) {
  return (
    <>
      {/* The wrapper hides it: a table will not shrink to the one pixel a hidden box is. */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.fullLabel}>
                <th scope="row">{row.fullLabel}</th>
                {series.map((s) => (
                  <td key={s.key}>{format(row[s.key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * A chart in a card: drawn with recharts for the eye, and told again as a visually hidden table for
 * screen readers (the drawing itself is hidden from them).
 */
export function StatsChart<K extends string>({
  title,
  summary,
  kind,
  series,
  rows,
  format,
  tick = (value) => compact.format(value),
  height = 240,
}: StatsChartProps<K>) {
  const data = rows as ChartRow<K>[];
  const max = Math.max(0, ...data.flatMap((row) => series.map((s) => row[s.key])));
  const empty = max === 0;
  const step = niceStep(max);
  const ticks = [0, 1, 2, 3, 4].map((n) => n * step);
  const axes = chartAxes(ticks, tick, format, kind, series.length > 1);

  return (
    <Card title={title} description={summary} className="admin-chart">
      <div className="admin-chart__plot" aria-hidden="true" style={{ height }}>
        {empty ? <p className="admin-chart__empty">Nothing in this period yet</p> : null}
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 520, height }}>
          {chartDrawing(kind, data, axes, series)}
        </ResponsiveContainer>
      </div>
      <ChartTable title={title} series={series} rows={data} format={format} />
    </Card>
  );
}

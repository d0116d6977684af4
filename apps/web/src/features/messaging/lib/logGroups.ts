import type { LogRow } from '../model/logRows';

export type DayGroup = { key: string; label: string; rows: Exclude<LogRow, { kind: 'day' }>[] };

/** The log's rows under their days: each day heading opens a group of the rows after it. */
export function groupByDay(rows: LogRow[]): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const row of rows) {
    if (row.kind === 'day') groups.push({ key: row.key, label: row.label, rows: [] });
    else groups.at(-1)?.rows.push(row);
  }
  return groups;
}

/** The first and last message rows, and whether the last is the viewer's: what the scroll keeping compares. */
export const edgeKeys = (rows: LogRow[]) => {
  const messages = rows.filter((row) => row.kind !== 'day');
  const last = messages.at(-1);
  return {
    first: messages[0]?.key,
    last: last?.key,
    lastMine: last ? last.kind === 'outbox' || last.mine : false,
  };
};

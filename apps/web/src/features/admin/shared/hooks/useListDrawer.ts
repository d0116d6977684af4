import { useState } from 'react';

/**
 * The row open in a list's drawer. With `follow`, it follows each new answer of the list while the
 * row is in it (another administrator's change shows); between answers, and once the row has left
 * the list, it keeps what the drawer's last change answered (`replace`).
 */
export function useListDrawer<Row extends { _id: string }>(items: readonly Row[] | undefined, follow: boolean) {
  const [opened, setOpened] = useState<Row | null>(null);
  const [seen, setSeen] = useState(items);
  if (items !== seen) {
    setSeen(items);
    const row = follow && opened ? items?.find((item) => item._id === opened._id) : undefined;
    if (row) setOpened(row);
  }
  return { row: opened, open: setOpened, replace: setOpened, close: () => setOpened(null) };
}

export type ListDrawer<Row> = { row: Row | null; replace: (row: Row) => void; close: () => void };

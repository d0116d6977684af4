import { formatDateTime, formatWhen } from './format';

/** A compact date for tables, with the exact date and time on hover. */
export function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatWhen(iso)}
    </time>
  );
}

import { formatExact, relativeTime } from '../format';
import { useNow } from '../hooks/useNow';

type RelativeTimeProps = { iso: string | null | undefined; className?: string };

/** A time shown relative when recent ("5 min ago"), exact on hover, and kept current while the page stays open. */
export function RelativeTime({ iso, className }: RelativeTimeProps) {
  const now = useNow();
  if (!iso) return <span className={['muted', className].filter(Boolean).join(' ')}>—</span>;
  if (Number.isNaN(new Date(iso).getTime())) return <span className={className}>{iso}</span>;
  return (
    <time className={className} dateTime={iso} title={formatExact(iso)}>
      {relativeTime(iso, now)}
    </time>
  );
}

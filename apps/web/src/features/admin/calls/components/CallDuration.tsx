import type { AdminCallRow } from '@cc/contracts';
import { useNow } from '../../../../shared/hooks/useNow';
import { formatDuration } from './callWords';

type CallDurationProps = {
  call: Pick<AdminCallRow, 'status' | 'connectedAt' | 'durationSeconds'>;
  /** When this browser received the row (the list's answer), to measure the server's clock against. */
  receivedAt: number | undefined;
};

/** How far apart two clocks may be before this one is corrected (the server floors its seconds). */
const TOLERANCE_MS = 2_000;

/**
 * A connected call's time, MM:SS, ticking each second from `connectedAt`. Were this computer's clock
 * off from the server's, the count would be off too: the row's `durationSeconds` (counted by the
 * server to the instant it answered) sets it right.
 */
function LiveDuration({
  connectedAt,
  durationSeconds,
  receivedAt = 0,
}: {
  connectedAt: string;
  durationSeconds: number;
  receivedAt: number | undefined;
}) {
  const now = useNow(1_000);
  const connected = Date.parse(connectedAt);
  const skew = receivedAt ? receivedAt - (connected + durationSeconds * 1_000) : 0;
  const start = Math.abs(skew) > TOLERANCE_MS ? connected + skew : connected;
  return (
    <span role="timer" className="admin-call-duration is-live">
      {formatDuration((Math.max(now, receivedAt) - start) / 1_000)}
    </span>
  );
}

/** A call's connected time: ticking while connected, fixed once over, a dash when never answered. */
export function CallDuration({ call, receivedAt }: CallDurationProps) {
  if (call.status === 'connected' && call.connectedAt)
    return <LiveDuration connectedAt={call.connectedAt} durationSeconds={call.durationSeconds ?? 0} receivedAt={receivedAt} />;
  if (call.durationSeconds === null) return <span className="muted">—</span>;
  return <span className="admin-call-duration">{formatDuration(call.durationSeconds)}</span>;
}

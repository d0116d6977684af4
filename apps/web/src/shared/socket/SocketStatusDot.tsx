import { useAppSelector } from '../../shared/store/hooks';
import { selectSocketError, selectSocketStatus, type SocketStatus } from './socketSlice';
import './SocketStatusDot.css';

const LABELS: Record<SocketStatus, string> = {
  initialized: 'Connecting…',
  connected: 'Live',
  reconnecting: 'Reconnecting…',
  disconnect: 'Offline',
  failed: 'Offline',
};

/**
 * The live link's state as a small dot. `data-socket-status` carries the raw state for browser
 * tests; people get the label as the accessible name and the tooltip.
 */
export function SocketStatusDot() {
  const status = useAppSelector(selectSocketStatus);
  const error = useAppSelector(selectSocketError);
  const label = LABELS[status];
  const tooltip = status === 'failed' && error ? `${label} (${error})` : `Real-time updates: ${label}`;
  return (
    <span className="socket-dot" data-socket-status={status} role="img" aria-label={`Connection: ${label}`} title={tooltip}>
      <span className="socket-dot__mark" />
    </span>
  );
}

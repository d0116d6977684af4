import { Skeleton } from '../../../shared/ui';

/** The pane while its conversation loads: a header's shape over the log's. */
export function PaneSkeleton() {
  return (
    <div className="chat-pane chat-pane--loading" role="status" aria-label="Loading conversation">
      <div className="chat-header" aria-hidden="true">
        <Skeleton width={40} height={40} radius="50%" />
        <div className="chat-header__who stack-sm">
          <Skeleton width={140} height={14} />
          <Skeleton width={80} height={10} />
        </div>
      </div>
      <LogSkeleton />
    </div>
  );
}

/** Bubbles of alternating sides while the messages load. */
export function LogSkeleton() {
  return (
    <div className="chat-log-skeleton" aria-hidden="true">
      {[62, 40, 55, 30, 70, 45].map((width, row) => (
        <div key={row} className={row % 2 ? 'chat-log-skeleton__row is-mine' : 'chat-log-skeleton__row'}>
          <Skeleton width={`${width}%`} height={row % 3 === 0 ? 56 : 38} radius="var(--radius-lg)" />
        </div>
      ))}
    </div>
  );
}

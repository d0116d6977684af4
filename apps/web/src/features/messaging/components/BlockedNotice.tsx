import { Button } from '../../../shared/ui';
import { ChatIcon } from './ChatIcon';

type Props = { state: 'blockedByMe' | 'blockedMe'; onUnblock: () => void; unblocking: boolean };

/** In place of the composer while nobody may send here. */
export function BlockedNotice({ state, onUnblock, unblocking }: Props) {
  return (
    <div className="chat-blocked" role="status" aria-label="Blocked">
      <ChatIcon name="block" size={18} />
      {state === 'blockedByMe' ? (
        <>
          <p>You blocked this member.</p>
          <Button size="sm" variant="secondary" onClick={onUnblock} loading={unblocking}>
            Unblock
          </Button>
        </>
      ) : (
        <p>This member has blocked you.</p>
      )}
    </div>
  );
}

import { ConfirmDialog } from '../../../shared/ui';
import type { useBlocking, useHideConversation } from '../hooks/useConversationModeration';
import type { useMessageActions } from '../hooks/useMessageActions';

type Props = {
  recipientName: string;
  messages: ReturnType<typeof useMessageActions>;
  hiding: ReturnType<typeof useHideConversation>;
  blocking: ReturnType<typeof useBlocking>;
};

/** The confirmations a conversation asks for: deleting a message, deleting the conversation, blocking. */
export function ConversationDialogs({ recipientName, messages, hiding, blocking }: Props) {
  return (
    <>
      <ConfirmDialog
        open={messages.confirmingDelete}
        title="Delete this message?"
        description="It will show as deleted for both of you. This cannot be undone."
        confirmLabel="Delete"
        busy={messages.deleting}
        onConfirm={() => void messages.confirmDelete()}
        onClose={messages.cancelDelete}
      />
      <ConfirmDialog
        open={hiding.confirming}
        title="Delete conversation?"
        description={`The conversation with ${recipientName} disappears from your list. ${recipientName} keeps their copy.`}
        confirmLabel="Delete conversation"
        busy={hiding.hiding}
        onConfirm={() => void hiding.confirm()}
        onClose={hiding.cancel}
      />
      <ConfirmDialog
        open={blocking.confirming}
        title={`Block ${recipientName}?`}
        description={
          <>
            {recipientName} will not be able to send you messages, and you will not be able to message them either. They will see that they
            are blocked. Your conversation stays where it is, and you can unblock them at any time.
          </>
        }
        confirmLabel="Block"
        busy={blocking.blocking}
        onConfirm={() => void blocking.confirm()}
        onClose={blocking.cancel}
      />
    </>
  );
}

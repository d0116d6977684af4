import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Message } from '@cc/contracts';
import { errorMessage } from '../../../shared/api/apiError';
import { useBookmarkMessageMutation, useDeleteMessageMutation, useRemoveBookmarkMutation } from '../api/messagingApi';
import type { MessageAction } from '../components/MessageMenu';

/** A message's menu: bookmark and remove the bookmark at once, delete after a confirmation. */
export function useMessageActions(conversationId: string) {
  const [bookmark] = useBookmarkMessageMutation();
  const [removeBookmark] = useRemoveBookmarkMutation();
  const [deleteMessage, deleteResult] = useDeleteMessageMutation();
  const [confirmingDelete, setConfirmingDelete] = useState<Message | null>(null);

  // Stable handlers, so memoised rows do not re-render when the pane does.
  const latest = useRef({ bookmark, removeBookmark });
  useEffect(() => {
    latest.current = { bookmark, removeBookmark };
  });
  const onAction = useCallback((action: MessageAction, message: Message) => {
    if (action === 'delete') return setConfirmingDelete(message);
    const request =
      action === 'bookmark'
        ? latest.current.bookmark({ messageId: message._id, conversationId: message.conversationId })
        : latest.current.removeBookmark({
            bookmarkId: message.bookmarkId ?? '',
            messageId: message._id,
            conversationId: message.conversationId,
          });
    request.unwrap().catch((error: unknown) => toast.error(errorMessage(error)));
  }, []);

  const confirmDelete = async () => {
    if (!confirmingDelete) return;
    try {
      await deleteMessage({ messageId: confirmingDelete._id, conversationId }).unwrap();
      setConfirmingDelete(null);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return {
    onAction,
    confirmingDelete: confirmingDelete !== null,
    confirmDelete,
    cancelDelete: () => setConfirmingDelete(null),
    deleting: deleteResult.isLoading,
  };
}

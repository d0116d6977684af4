import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '../../../shared/api/apiError';
import { useBlockConversationMutation, useHideConversationMutation, useUnblockConversationMutation } from '../api/messagingApi';

const showError = (error: unknown) => toast.error(errorMessage(error));

/** Blocking (after a confirmation) and unblocking the other member; the header and the blocked notice share it. */
export function useBlocking(conversationId: string) {
  const [block, blockResult] = useBlockConversationMutation();
  const [unblock, unblockResult] = useUnblockConversationMutation();
  const [confirming, setConfirming] = useState(false);

  const confirm = async () => {
    try {
      await block(conversationId).unwrap();
      setConfirming(false);
    } catch (error) {
      showError(error);
    }
  };

  return {
    confirming,
    ask: () => setConfirming(true),
    cancel: () => setConfirming(false),
    confirm,
    blocking: blockResult.isLoading,
    unblock: () => void unblock(conversationId).unwrap().catch(showError),
    unblocking: unblockResult.isLoading,
  };
}

/** Deleting the conversation from the viewer's list (after a confirmation), then back to the list. */
export function useHideConversation(conversationId: string, recipientName: string) {
  const navigate = useNavigate();
  const [hide, hideResult] = useHideConversationMutation();
  const [confirming, setConfirming] = useState(false);

  const confirm = async () => {
    try {
      await hide(conversationId).unwrap();
      setConfirming(false);
      toast.success(`Conversation with ${recipientName} deleted`);
      void navigate('/messages', { replace: true });
    } catch (error) {
      showError(error);
    }
  };

  return { confirming, ask: () => setConfirming(true), cancel: () => setConfirming(false), confirm, hiding: hideResult.isLoading };
}

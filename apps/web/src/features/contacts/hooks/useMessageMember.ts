import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useAppSelector } from '../../../shared/store/hooks';
import { errorMessage } from '../../../shared/api/apiError';
import { loginPath } from '../../../shared/api/navigation';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { useOpenConversationWithMutation } from '../api/contactsApi';

/**
 * "Message": opens (or finds) the conversation with a member and goes to the chat. A signed-out
 * visitor goes to the login page and comes back here afterwards.
 */
export function useMessageMember() {
  const signedIn = useAppSelector(selectCurrentUser) !== null;
  const navigate = useNavigate();
  const location = useLocation();
  const [open, state] = useOpenConversationWithMutation();

  const message = async (userId: string) => {
    if (!signedIn) {
      await navigate(loginPath(`${location.pathname}${location.search}`));
      return;
    }
    const answer = await open({ userId });
    if (answer.error) {
      toast.error(errorMessage(answer.error));
      return;
    }
    await navigate(`/messages/${encodeURIComponent(answer.data._id)}`);
  };

  return { message, opening: state.isLoading };
}

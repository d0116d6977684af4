import { useEffect, useRef } from 'react';
import { useNavigate, useOutlet, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '../../../shared/api/apiError';
import { EmptyState } from '../../../shared/ui';
import { useStartConversationMutation } from '../api/messagingApi';
import { ConversationList } from '../components/ConversationList';
import './MessagesPage.css';

/**
 * /messages — two panes on a wide screen (the list beside the open conversation), one at a time on
 * a phone. `/messages?with=<userId>` opens (or starts) the conversation with that member, so any
 * page can link to a chat without knowing its id.
 */
export default function MessagesPage() {
  const { conversationId } = useParams();
  const outlet = useOutlet();
  useStartFromLink();
  return (
    <div className="chat-page" data-view={conversationId ? 'conversation' : 'list'}>
      <aside className="chat-page__list">
        <ConversationList selectedId={conversationId} />
      </aside>
      <div className="chat-page__main">
        {outlet ?? (
          <div className="chat-page__placeholder">
            <EmptyState icon="chat" title="Your messages" description="Choose a conversation on the left to read it and reply." />
          </div>
        )}
      </div>
    </div>
  );
}

function useStartFromLink() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [start] = useStartConversationMutation();
  const userId = params.get('with');
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (!userId || started.current === userId) return;
    started.current = userId;
    start({ userId })
      .unwrap()
      .then((conversation) => navigate(`/messages/${encodeURIComponent(conversation._id)}`, { replace: true }))
      .catch((error: unknown) => {
        toast.error(errorMessage(error));
        void navigate('/messages', { replace: true });
      });
  }, [navigate, start, userId]);
}

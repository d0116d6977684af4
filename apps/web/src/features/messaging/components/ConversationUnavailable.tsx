import { isApiError } from '../../../shared/api/apiError';
import { ButtonLink, EmptyState, ListError } from '../../../shared/ui';

type Props = { error: unknown; retrying: boolean; onRetry: () => void };

/** The pane when the conversation could not be read: gone or not the viewer's, or a failure to retry. */
export function ConversationUnavailable({ error, retrying, onRetry }: Props) {
  const missing = isApiError(error) && [403, 404].includes(error.status);
  return (
    <div className="chat-pane chat-pane--state">
      {missing ? (
        <EmptyState
          icon="chat"
          title="This conversation is not available"
          description="It may have been deleted, or the link is wrong."
          action={<ButtonLink to="/messages">Back to messages</ButtonLink>}
        />
      ) : (
        <ListError what="this conversation" error={error} onRetry={onRetry} retrying={retrying} />
      )}
    </div>
  );
}

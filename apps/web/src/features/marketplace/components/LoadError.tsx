import { errorMessage } from '../../../shared/api/apiError';
import { Alert, Button } from '../../../shared/ui';

/** A failed load: the server's words and "Try again"; the list beside it is already empty (spec section 8). */
export function LoadError({ what, error, onRetry, retrying }: { what: string; error: unknown; onRetry: () => void; retrying: boolean }) {
  return (
    <Alert
      tone="danger"
      title={`Could not load ${what}`}
      action={
        <Button size="sm" variant="secondary" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      }
    >
      {errorMessage(error)}
    </Alert>
  );
}

import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, ButtonLink, EmptyState } from '../../shared/ui';
import NotFoundPage from './NotFoundPage';

/** What a page shows when it cannot load: not found, not allowed, or a retry for anything else. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <div className="page page--narrow">
        <EmptyState
          icon="shield"
          title="This area is for administrators"
          description="Your account does not have access to this page. If you think it should, contact the site team."
          action={<ButtonLink to="/">Go to the home page</ButtonLink>}
        />
      </div>
    );
  }
  return (
    <div className="page page--narrow">
      <EmptyState
        icon="alert"
        title="This page could not load"
        description="Something went wrong on our side or with the connection. Try again in a moment."
        action={<Button onClick={() => window.location.reload()}>Try again</Button>}
      />
    </div>
  );
}

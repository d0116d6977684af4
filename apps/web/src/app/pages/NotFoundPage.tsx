import { ButtonLink, EmptyState } from '../../shared/ui';

export default function NotFoundPage() {
  return (
    <div className="page page--narrow">
      <EmptyState
        icon="compass"
        title="We couldn't find that page"
        description="The link may be broken or the page may have moved. Head back home and pick up from there."
        action={<ButtonLink to="/">Go to the home page</ButtonLink>}
      />
    </div>
  );
}

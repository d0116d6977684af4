import { ButtonLink, Card, EmptyState } from '../../../shared/ui';

/** In place of the contact form once the message is sent: where the answer will go. */
export function ContactSent({ email }: { email: string }) {
  return (
    <Card>
      <EmptyState
        icon="checkCircle"
        title="Thanks — your message is on its way"
        description={`We'll reply to ${email}.`}
        action={
          <ButtonLink to="/" variant="secondary">
            Back to the home page
          </ButtonLink>
        }
      />
    </Card>
  );
}

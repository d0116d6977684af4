import { useAppSelector } from '../../../shared/store/hooks';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { ButtonLink, Card, EmptyState, PageHeader } from '../../../shared/ui';
import { DocumentUploadForm } from '../components/DocumentUploadForm';
import { VerificationStatus } from '../components/VerificationStatus';
import './VerificationPage.css';

/** Creators prove their identity here; an administrator approves or refuses (docs/product.md#roles). */
export default function VerificationPage() {
  const user = useAppSelector(selectCurrentUser);
  if (!user) return null;
  if (user.type !== 'model') {
    return (
      <Card>
        <EmptyState
          icon="shieldCheck"
          title="Verification is for creators"
          description="Member accounts don't need to send a document. Creators verify their identity before they can earn."
          action={
            <ButtonLink to="/account/profile" variant="secondary">
              Back to your profile
            </ButtonLink>
          }
        />
      </Card>
    );
  }
  const canSend = user.modelStatus === 'none' || user.modelStatus === 'refused';
  return (
    <>
      <PageHeader
        title="Verification"
        description="Creators are verified before their profile goes live, so members know who they are talking to."
      />
      <VerificationStatus user={user} />
      {canSend ? <DocumentUploadForm resubmission={user.modelStatus === 'refused'} /> : null}
    </>
  );
}

import type { Me, ModelStatus } from '@cc/contracts';
import { formatDate } from '../../../shared/format';
import { Alert, Badge, Card, type BadgeTone } from '../../../shared/ui';
import { DOCUMENT_TYPE_LABELS } from '../../../shared/format/documentTypes';

const STATUS: Record<ModelStatus, { label: string; tone: BadgeTone; text: string }> = {
  none: {
    label: 'Not submitted',
    tone: 'neutral',
    text: 'Upload an identity document so we can confirm you are an adult and who you say you are.',
  },
  pending: {
    label: 'Under review',
    tone: 'warning',
    text: 'Thanks! An administrator is reviewing your document. We will let you know as soon as it is done.',
  },
  approved: {
    label: 'Approved',
    tone: 'success',
    text: 'You are verified. Your profile is visible, and members can message, buy from and call you.',
  },
  refused: { label: 'Refused', tone: 'danger', text: 'Your last document was not accepted. Read the reason below and send a new one.' },
};

export function VerificationStatus({ user }: { user: Me }) {
  const status = STATUS[user.modelStatus];
  const document = user.verificationDocument;
  return (
    <Card title="Status" actions={<Badge tone={status.tone}>{status.label}</Badge>}>
      <div className="stack">
        <p className="muted">{status.text}</p>
        {user.modelStatus === 'refused' ? (
          <Alert tone="danger" title="Reason given">
            {document?.refusalReason || 'No reason was given. Contact us if you need help.'}
          </Alert>
        ) : null}
        {document ? (
          <dl className="document-summary">
            <div>
              <dt>Document</dt>
              <dd>{DOCUMENT_TYPE_LABELS[document.documentType]}</dd>
            </div>
            <div>
              <dt>Legal name</dt>
              <dd>{document.legalName}</dd>
            </div>
            <div>
              <dt>Sent</dt>
              <dd>{formatDate(document.submittedAt)}</dd>
            </div>
            {document.reviewedAt ? (
              <div>
                <dt>Reviewed</dt>
                <dd>{formatDate(document.reviewedAt)}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}
      </div>
    </Card>
  );
}

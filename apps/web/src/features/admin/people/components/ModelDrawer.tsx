import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { AdminModelRow, VerificationDocument } from '@cc/contracts';
import { errorMessage } from '../../../../shared/api/apiError';
import { formatDate } from '../../../../shared/format';
import { Alert, Avatar, Button, Icon, RelativeTime } from '../../../../shared/ui';
import { useApproveModelMutation, useRefuseModelMutation } from '../api/adminPeopleApi';
import { DocumentPreview } from './DocumentPreview';
import { Drawer } from '../../shared/components/Drawer';
import { DOCUMENT_TYPE_LABELS } from '../../../../shared/format/documentTypes';
import { RefuseForm } from './RefuseForm';
import { ModelStatusBadge } from '../../shared/components/StatusBadges';
import '../../shared/components/AdminDetails.css';

function ageOn(birthDate: string, today = new Date()): number | null {
  const born = new Date(`${birthDate}T00:00:00`);
  if (Number.isNaN(born.getTime())) return null;
  let age = today.getFullYear() - born.getFullYear();
  const beforeBirthday = today.getMonth() < born.getMonth() || (today.getMonth() === born.getMonth() && today.getDate() < born.getDate());
  if (beforeBirthday) age -= 1;
  return age;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-details__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function DocumentFields({ document }: { document: VerificationDocument }) {
  const age = ageOn(document.birthDate);
  return (
    <dl className="admin-details">
      <Detail label="Document type">{DOCUMENT_TYPE_LABELS[document.documentType]}</Detail>
      <Detail label="Legal name">{document.legalName}</Detail>
      <Detail label="Birth date">
        {formatDate(document.birthDate)}
        {age === null ? null : <span className="muted"> · {age} years old</span>}
      </Detail>
      <Detail label="Submitted">
        <RelativeTime iso={document.submittedAt} />
      </Detail>
      {document.reviewedAt ? (
        <Detail label="Reviewed">
          <RelativeTime iso={document.reviewedAt} />
        </Detail>
      ) : null}
      {document.refusalReason ? <Detail label="Refusal reason">{document.refusalReason}</Detail> : null}
    </dl>
  );
}

/** Who the model is and the document they sent, or that there is none yet. */
function ModelSubmission({ model }: { model: AdminModelRow }) {
  const document = model.verificationDocument;
  return (
    <>
      <div className="admin-drawer-person">
        <Avatar name={model.name} src={model.avatarUrl} size={48} decorative />
        <div className="admin-drawer-person__text">
          <p className="admin-drawer-person__name">{model.name}</p>
          <p className="muted text-sm">
            @{model.username} · <a href={`mailto:${model.email}`}>{model.email}</a>
          </p>
        </div>
        <ModelStatusBadge status={model.modelStatus} />
      </div>

      {document ? (
        <>
          <section className="stack-sm" aria-labelledby="admin-doc-fields">
            <h3 id="admin-doc-fields" className="admin-drawer-section__title">
              Document details
            </h3>
            <DocumentFields document={document} />
          </section>
          <section className="stack-sm" aria-labelledby="admin-doc-file">
            <h3 id="admin-doc-file" className="admin-drawer-section__title">
              Document
            </h3>
            <DocumentPreview fileUrl={document.fileUrl} ownerName={model.name} />
          </section>
        </>
      ) : (
        <Alert tone="info" title="No document yet">
          {model.name} has not uploaded a verification document, so there is nothing to review. They stay hidden until they do and you
          approve it.
        </Alert>
      )}
    </>
  );
}

type ModelDrawerProps = { model: AdminModelRow | null; onClose: () => void };

/** One model's submission: who they are, the document's fields and file, and the decision. */
export function ModelDrawer({ model, onClose }: ModelDrawerProps) {
  const [approve, approval] = useApproveModelMutation();
  const [refuse, refusal] = useRefuseModelMutation();
  const [refusing, setRefusing] = useState(false);
  const working = approval.isLoading || refusal.isLoading;

  const close = () => {
    setRefusing(false);
    onClose();
  };

  const onApprove = async () => {
    if (!model) return;
    const result = await approve(model._id);
    if ('error' in result) toast.error(`Could not approve ${model.name}: ${errorMessage(result.error)}`);
    else {
      toast.success(`${model.name} is approved and can now be found, messaged and called.`);
      close();
    }
  };

  const onRefuse = async (reason: string) => {
    if (!model) return;
    const result = await refuse({ id: model._id, reason });
    if ('error' in result) toast.error(`Could not refuse ${model.name}: ${errorMessage(result.error)}`);
    else {
      toast.success(`${model.name}'s document was refused; they have been e-mailed the reason.`);
      close();
    }
  };

  const document = model?.verificationDocument ?? null;
  const canDecide = document !== null && model !== null && model.modelStatus !== 'none';

  return (
    <Drawer
      open={model !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={model ? `Review ${model.name}` : 'Review model'}
      description="Check that the document is legible, matches the name and shows an adult."
      dismissible={!working}
      footer={
        canDecide && model && !refusing ? (
          <>
            <Button variant="secondary" onClick={() => setRefusing(true)} disabled={working || model.modelStatus === 'refused'}>
              Refuse…
            </Button>
            <Button
              onClick={onApprove}
              loading={approval.isLoading}
              disabled={working || model.modelStatus === 'approved'}
              icon={<Icon name="check" size={16} />}
            >
              Approve
            </Button>
          </>
        ) : undefined
      }
    >
      {model ? (
        <>
          <ModelSubmission model={model} />

          {refusing ? <RefuseForm working={refusal.isLoading} onCancel={() => setRefusing(false)} onRefuse={onRefuse} /> : null}
          {model.modelStatus === 'approved' && document ? (
            <Alert tone="success">This model is approved. You can still refuse the document if it turns out to be wrong.</Alert>
          ) : null}
        </>
      ) : null}
    </Drawer>
  );
}

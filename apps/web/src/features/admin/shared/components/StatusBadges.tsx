import type { AccountStatus, ModelStatus, OutboxRow } from '@cc/contracts';
import { Badge, type BadgeTone } from '../../../../shared/ui';

const MODEL: Record<ModelStatus, { tone: BadgeTone; label: string }> = {
  none: { tone: 'neutral', label: 'No document' },
  pending: { tone: 'warning', label: 'Pending' },
  approved: { tone: 'success', label: 'Approved' },
  refused: { tone: 'danger', label: 'Refused' },
};

const ACCOUNT: Record<AccountStatus, { tone: BadgeTone; label: string }> = {
  active: { tone: 'success', label: 'Active' },
  suspended: { tone: 'danger', label: 'Suspended' },
  deactivated: { tone: 'neutral', label: 'Deactivated' },
};

const MAIL: Record<OutboxRow['status'], { tone: BadgeTone; label: string }> = {
  pending: { tone: 'neutral', label: 'Queued' },
  sending: { tone: 'info', label: 'Sending' },
  sent: { tone: 'success', label: 'Sent' },
  failed: { tone: 'danger', label: 'Failed' },
};

export function ModelStatusBadge({ status }: { status: ModelStatus }) {
  return <Badge tone={MODEL[status].tone}>{MODEL[status].label}</Badge>;
}

export function AccountStatusBadge({ status }: { status: AccountStatus }) {
  return <Badge tone={ACCOUNT[status].tone}>{ACCOUNT[status].label}</Badge>;
}

export function MailStatusBadge({ status }: { status: OutboxRow['status'] }) {
  return <Badge tone={MAIL[status].tone}>{MAIL[status].label}</Badge>;
}

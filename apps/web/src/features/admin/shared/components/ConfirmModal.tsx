import type { ReactNode } from 'react';
import { Alert, Button, Modal } from '../../../../shared/ui';

type ConfirmModalProps = {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  tone?: 'danger' | 'primary';
  working: boolean;
  /** The server's refusal, shown in the dialog so the person can read it before closing. */
  error?: string | null;
};

/** "Are you sure?" for actions that change someone's account or remove data. */
export function ConfirmModal({
  open,
  onCancel,
  onConfirm,
  title,
  description,
  confirmLabel,
  tone = 'danger',
  working,
  error,
}: ConfirmModalProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : onCancel())}
      title={title}
      description={description}
      dismissible={!working}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={working}>
            Cancel
          </Button>
          <Button variant={tone === 'danger' ? 'danger' : 'primary'} onClick={onConfirm} loading={working}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {error ? <Alert tone="danger">{error}</Alert> : null}
    </Modal>
  );
}

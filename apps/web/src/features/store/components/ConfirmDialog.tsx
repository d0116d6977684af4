import type { ReactNode } from 'react';
import { Button, Modal } from '../../../shared/ui';

type Props = {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** "Are you sure?" before something that cannot be taken back. */
export function ConfirmDialog({ title, description, confirmLabel, busy, onConfirm, onClose }: Props) {
  return (
    <Modal
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={title}
      description={description}
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}

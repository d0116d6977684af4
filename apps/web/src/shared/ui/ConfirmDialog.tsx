import type { ReactNode } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';

type Props = {
  /** Shown unless false (a caller that mounts the dialog only when needed leaves it out). */
  open?: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** "Are you sure?" before something that cannot be taken back. */
export function ConfirmDialog({ open = true, title, description, confirmLabel, busy, onConfirm, onClose }: Props) {
  return (
    <Modal
      open={open}
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

import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Icon } from '../../../../shared/ui';
import './Drawer.css';

type DrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Actions pinned to the bottom edge, so they stay in reach however long the content is. */
  footer?: ReactNode;
  /** False while work runs: Escape and a click outside then leave it open. */
  dismissible?: boolean;
};

/**
 * A detail panel that slides in from the right (full width on phones). The shared Modal is a
 * centred dialog; this is the same Radix Dialog (focus trap, Escape, labelled) laid out as a drawer.
 */
export function Drawer({ open, onOpenChange, title, description, children, footer, dismissible = true }: DrawerProps) {
  const block = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (dismissible || next ? onOpenChange(next) : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay className="admin-drawer__overlay" />
        <Dialog.Content
          className="admin-drawer"
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="admin-drawer__header">
            <div className="admin-drawer__heading">
              <Dialog.Title className="admin-drawer__title">{title}</Dialog.Title>
              {description ? <Dialog.Description className="admin-drawer__description">{description}</Dialog.Description> : null}
            </div>
            <Dialog.Close className="admin-drawer__close" aria-label="Close" disabled={!dismissible}>
              <Icon name="close" size={18} />
            </Dialog.Close>
          </div>
          <div className="admin-drawer__body">{children}</div>
          {footer ? <div className="admin-drawer__footer">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

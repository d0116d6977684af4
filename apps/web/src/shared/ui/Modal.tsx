import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Icon } from './Icon';
import './Modal.css';

type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned under the content. */
  footer?: ReactNode;
  /** When false, neither Escape nor a click outside closes it (e.g. while work is running). */
  dismissible?: boolean;
  size?: 'sm' | 'md';
};

/** A focus-trapping dialog built on Radix Dialog. */
export function Modal({ open, onOpenChange, title, description, children, footer, dismissible = true, size = 'sm' }: ModalProps) {
  const block = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (dismissible || next ? onOpenChange(next) : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay className="ui-modal__overlay" />
        <Dialog.Content
          className={`ui-modal ui-modal--${size}`}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="ui-modal__header">
            <Dialog.Title className="ui-modal__title">{title}</Dialog.Title>
            {dismissible ? (
              <Dialog.Close className="ui-modal__close" aria-label="Close">
                <Icon name="close" size={18} />
              </Dialog.Close>
            ) : null}
          </div>
          {description ? <Dialog.Description className="ui-modal__description">{description}</Dialog.Description> : null}
          {children ? <div className="ui-modal__body">{children}</div> : null}
          {footer ? <div className="ui-modal__footer">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

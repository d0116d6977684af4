import { useState } from 'react';
import { toast } from 'sonner';
import type { ContactMessageRow } from '@cc/contracts';
import { errorMessage } from '../../../../shared/api/apiError';
import { formatDateTime } from '../../../../shared/money';
import { Alert, Button, Icon, buttonClass } from '../../../../shared/ui';
import { useHandleContactMessageMutation, useReopenContactMessageMutation } from '../api/adminContactApi';
import { ContactStatusBadge, replyHref } from './ContactStatusBadge';
import { Drawer } from '../../shared/components/Drawer';
import '../../shared/components/AdminDetails.css';
import './ContactMessages.css';

type Props = {
  message: ContactMessageRow | null;
  onClose: () => void;
  /** Handled or reopened: the drawer shows the server's answer at once. */
  onChanged: (message: ContactMessageRow) => void;
};

/** Who sent the message and whether it was handled. */
function ContactFacts({ message }: { message: ContactMessageRow }) {
  return (
    <dl className="admin-details admin-contact-facts">
      <div className="admin-details__row">
        <dt>Status</dt>
        <dd>
          <ContactStatusBadge status={message.status} />
          {message.status === 'handled' && message.handledAt ? (
            <span className="muted">
              {' '}
              {formatDateTime(message.handledAt)}
              {message.handledBy ? ` by @${message.handledBy.username}` : ''}
            </span>
          ) : null}
        </dd>
      </div>
      <div className="admin-details__row">
        <dt>Name</dt>
        <dd className="admin-contact-wrap">{message.name}</dd>
      </div>
      <div className="admin-details__row">
        <dt>E-mail</dt>
        <dd className="admin-contact-wrap">{message.email}</dd>
      </div>
      <div className="admin-details__row">
        <dt>Account</dt>
        <dd>{message.sender ? `@${message.sender.username}` : <span className="muted">Not signed in</span>}</dd>
      </div>
    </dl>
  );
}

/**
 * One contact-form message in full. Everything the visitor typed is rendered as React text (never
 * as HTML), so markup in a message shows as the characters it is made of (docs/product.md#contact).
 */
export function ContactMessageDrawer({ message, onClose, onChanged }: Props) {
  const [handle, handling] = useHandleContactMessageMutation();
  const [reopen, reopening] = useReopenContactMessageMutation();
  const [error, setError] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState<string | null>(null);
  // A different message opened: forget the last one's error.
  if ((message?._id ?? null) !== shownFor) {
    setShownFor(message?._id ?? null);
    setError(null);
  }

  const change = async (to: 'handled' | 'open') => {
    if (!message) return;
    setError(null);
    const result = to === 'handled' ? await handle(message._id) : await reopen(message._id);
    if ('error' in result) {
      setError(errorMessage(result.error));
      return;
    }
    toast.success(to === 'handled' ? 'Marked handled.' : 'Back among the open messages.');
    onChanged(result.data);
  };
  const working = handling.isLoading || reopening.isLoading;

  return (
    <Drawer
      open={message !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={message ? `Message from ${message.name}` : 'Message'}
      description={message ? `Received ${formatDateTime(message.createdAt)}` : undefined}
      dismissible={!working}
      footer={
        message ? (
          <div className="admin-contact-actions">
            <a className={buttonClass({ variant: 'secondary' })} href={replyHref(message.email, message.name)}>
              <Icon name="mail" size={16} />
              <span>Reply by e-mail</span>
            </a>
            {message.status === 'open' ? (
              <Button loading={handling.isLoading} disabled={working} onClick={() => void change('handled')}>
                Mark handled
              </Button>
            ) : (
              <Button variant="secondary" loading={reopening.isLoading} disabled={working} onClick={() => void change('open')}>
                Reopen
              </Button>
            )}
          </div>
        ) : undefined
      }
    >
      {message ? (
        <>
          {error ? (
            <Alert tone="danger" title="That did not go through">
              {error}
            </Alert>
          ) : null}
          <ContactFacts message={message} />
          <section className="stack-sm" aria-label="Message">
            <h3 className="admin-drawer-section__title">Message</h3>
            <p className="admin-contact-text">{message.message}</p>
          </section>
        </>
      ) : null}
    </Drawer>
  );
}

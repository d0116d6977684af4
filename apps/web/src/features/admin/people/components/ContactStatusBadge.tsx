import type { ContactMessageStatus } from '@cc/contracts';
import { Badge } from '../../../../shared/ui';

/** Open messages wait for an answer; handled ones are done. */
export function ContactStatusBadge({ status }: { status: ContactMessageStatus }) {
  return status === 'open' ? <Badge tone="warning">Open</Badge> : <Badge tone="success">Handled</Badge>;
}

/** `mailto:` the sender with the subject prefilled; the address and subject are URL-encoded, never markup. */
export const replyHref = (email: string, name: string) =>
  `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}?subject=${encodeURIComponent(`Re: your message to the site team (${name})`)}`;

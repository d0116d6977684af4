import { useState } from 'react';
import { Button, Modal, TextField } from '../../../../shared/ui';

/** The schemes the server keeps on a link (docs/product.md#posts); anything else would be stripped. */
const LINK = /^(https?:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+)$/i;

/** "example.com" → "https://example.com", "ann@example.com" → "mailto:ann@example.com". */
export function normaliseLink(text: string): string {
  const value = text.trim();
  if (/^[^\s@/:]+@[^\s@]+\.[^\s@]+$/.test(value)) return `mailto:${value}`;
  if (/^(https?:|mailto:)/i.test(value)) return value;
  return `https://${value}`;
}

type LinkModalProps = { initial: string; onDone: (href: string | null) => void; onCancel: () => void };

/** Asks for a link's address; an existing link can be removed from here too. */
export function LinkModal({ initial, onDone, onCancel }: LinkModalProps) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const formId = 'post-link-form';

  const submit = () => {
    const href = normaliseLink(text);
    if (!text.trim() || !LINK.test(href)) {
      setError('Enter a web address (https://…) or an e-mail address.');
      return;
    }
    onDone(href);
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title={initial ? 'Edit link' : 'Add a link'}
      description="Links open in a new tab. Web addresses and e-mail addresses only."
      footer={
        <>
          {initial ? (
            <Button variant="ghost" onClick={() => onDone(null)}>
              Remove link
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" form={formId}>
            {initial ? 'Save link' : 'Add link'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          // The dialog sits in a portal, but React still bubbles its submit to the post's own form.
          event.preventDefault();
          event.stopPropagation();
          submit();
        }}
      >
        <TextField
          label="Address"
          autoFocus
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.com"
          value={text}
          error={error ?? undefined}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
        />
      </form>
    </Modal>
  );
}

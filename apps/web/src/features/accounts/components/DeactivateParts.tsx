import { Button, Card, Icon, Modal } from '../../../shared/ui';

const CONSEQUENCES = [
  'Your profile is hidden and nobody can message or call you.',
  'You are signed out on every device.',
  'Your conversations, purchases and balance are kept, but you cannot use them.',
  'You cannot sign in again by yourself — contact us to reactivate the account.',
];

/** What deactivating does, read before going on. */
export function DeactivateConsequences() {
  return (
    <Card title="What happens">
      <ul className="consequences">
        {CONSEQUENCES.map((text) => (
          <li key={text}>
            <Icon name="info" size={18} />
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

type ConfirmProps = { open: boolean; onOpenChange: (open: boolean) => void; busy: boolean; onConfirm: () => void };

/** The last question before anything irreversible happens. */
export function DeactivateConfirm({ open, onOpenChange, busy, onConfirm }: ConfirmProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      dismissible={!busy}
      title="Deactivate your account?"
      description="You will be signed out everywhere and will need our help to come back."
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={busy}>
            Keep my account
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy}>
            Deactivate
          </Button>
        </>
      }
    />
  );
}

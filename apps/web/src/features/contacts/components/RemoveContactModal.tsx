import type { ListedUser } from '@cc/contracts';
import { Button, Modal } from '../../../shared/ui';
import { useContactToggle } from '../hooks/useContactToggle';

type Person = ListedUser & { contactId?: string | null };

/** Removing a contact asks first; the list updates once the server agrees. */
export function RemoveContactModal({ person, onClose }: { person: Person; onClose: () => void }) {
  const contacts = useContactToggle();
  const confirm = async () => {
    if (await contacts.remove(person, person.contactId)) onClose();
  };
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Remove ${person.name} from your contacts?`}
      description="You can add them again at any time. Your conversations with them stay."
      dismissible={!contacts.busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={contacts.busy}>
            Keep
          </Button>
          <Button variant="danger" onClick={() => void confirm()} loading={contacts.busy}>
            Remove contact
          </Button>
        </>
      }
    />
  );
}

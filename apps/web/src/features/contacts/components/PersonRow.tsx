import { Link } from 'react-router';
import type { ListedUser } from '@cc/contracts';
import { useAppSelector } from '../../../shared/store/hooks';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { Avatar, Badge, Button, Icon, Skeleton } from '../../../shared/ui';
import { useContactToggle } from '../hooks/useContactToggle';
import { useMessageMember } from '../hooks/useMessageMember';
import { pricePerMessageLabel } from '../lib/pricing';
import './PersonRow.css';

type Person = ListedUser & { contactId?: string | null };

type PersonRowProps = {
  person: Person;
  /** Asks before removing (the contacts page); without it, removing is immediate. */
  onRemove?: (person: Person) => void;
};

/** A member in a list: who they are, and Message / contact actions. Models link to their profile. */
export function PersonRow({ person, onRemove }: PersonRowProps) {
  const me = useAppSelector(selectCurrentUser);
  const { message, opening } = useMessageMember();
  const contacts = useContactToggle();
  const isModel = person.type === 'model';
  const profilePath = `/models/${encodeURIComponent(person.username)}`;

  return (
    <li className="person-row">
      <Avatar name={person.name} src={person.avatarUrl} size={48} decorative />
      <div className="person-row__who">
        <span className="person-row__name">
          {isModel ? <Link to={profilePath}>{person.name}</Link> : person.name}
          {isModel ? <Badge tone="info">Model</Badge> : null}
        </span>
        <span className="person-row__meta">
          @{person.username}
          {isModel ? <span className="person-row__price">{pricePerMessageLabel(person.tokenPerMessage)}</span> : null}
        </span>
      </div>
      {me?._id === person._id ? (
        <Badge tone="accent">You</Badge>
      ) : (
        <div className="person-row__actions">
          <Button
            size="sm"
            icon={<Icon name="chat" size={16} />}
            loading={opening}
            onClick={() => void message(person._id)}
            aria-label={`Message ${person.name}`}
          >
            Message
          </Button>
          {person.isFriend ? (
            <Button
              size="sm"
              variant="secondary"
              icon={<Icon name="userMinus" size={16} />}
              loading={contacts.busy}
              onClick={() => (onRemove ? onRemove(person) : void contacts.remove(person, person.contactId))}
              aria-label={`Remove ${person.name} from contacts`}
            >
              Remove contact
            </Button>
          ) : (
            <Button
              size="sm"
              variant="secondary"
              icon={<Icon name="userPlus" size={16} />}
              loading={contacts.busy}
              onClick={() => void contacts.add(person)}
              aria-label={`Add ${person.name} to contacts`}
            >
              Add to contacts
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

export function PersonRowsSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <ul className="person-list" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className="person-row" aria-hidden="true">
          <Skeleton width={48} height={48} radius="50%" />
          <div className="person-row__who">
            <Skeleton width={`${40 + (index % 3) * 10}%`} height={14} />
            <Skeleton width="25%" height={12} />
          </div>
        </li>
      ))}
    </ul>
  );
}

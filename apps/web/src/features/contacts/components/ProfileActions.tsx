import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ProfileByUsername } from '@cc/contracts';
import { useAppSelector } from '../../../shared/store/hooks';
import { loginPath } from '../../../shared/api/navigation';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { Button, ButtonLink, Icon } from '../../../shared/ui';
import { useContactToggle } from '../hooks/useContactToggle';
import { useMessageMember } from '../hooks/useMessageMember';
import { TipModal } from './TipModal';

/** Message, contacts and tip on a model's profile; their own profile offers to edit it instead. */
export function ProfileActions({ profile }: { profile: ProfileByUsername }) {
  const me = useAppSelector(selectCurrentUser);
  const navigate = useNavigate();
  const location = useLocation();
  const { message, opening } = useMessageMember();
  const contacts = useContactToggle();
  const [tipping, setTipping] = useState(false);

  if (me?._id === profile._id) {
    return (
      <div className="profile-actions">
        <ButtonLink to="/account/profile" variant="secondary" icon={<Icon name="settings" size={18} />}>
          Edit profile
        </ButtonLink>
      </div>
    );
  }

  const tip = () => (me ? setTipping(true) : void navigate(loginPath(location.pathname)));

  return (
    <div className="profile-actions">
      <Button icon={<Icon name="chat" size={18} />} loading={opening} onClick={() => void message(profile._id)}>
        Message
      </Button>
      {profile.isFriend ? (
        <Button
          variant="secondary"
          icon={<Icon name="userMinus" size={18} />}
          loading={contacts.busy}
          onClick={() => void contacts.remove(profile, profile.contactId)}
        >
          Remove from contacts
        </Button>
      ) : (
        <Button
          variant="secondary"
          icon={<Icon name="userPlus" size={18} />}
          loading={contacts.busy}
          onClick={() => void contacts.add(profile)}
        >
          Add to contacts
        </Button>
      )}
      {profile.type === 'model' ? (
        <Button variant="secondary" icon={<Icon name="coin" size={18} />} onClick={tip}>
          Send a tip
        </Button>
      ) : null}
      {tipping ? <TipModal model={profile} onClose={() => setTipping(false)} /> : null}
    </div>
  );
}

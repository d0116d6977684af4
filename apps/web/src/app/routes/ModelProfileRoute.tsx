import { CallNowButton } from '../../features/calls';
import ModelProfilePage from '../../features/contacts/pages/ModelProfilePage';
import { ProfileStore } from '../../features/marketplace';

/** /models/:username: the contacts feature's profile page with the calls feature's 'Call Now' and the marketplace feature's Store in its slots. */
export default function ModelProfileRoute() {
  return (
    <ModelProfilePage
      callAction={(profile) => <CallNowButton model={profile} />}
      storeSection={(profile) => <ProfileStore key={profile._id} model={profile} />}
    />
  );
}

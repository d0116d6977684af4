import { CallNowButton } from '../../features/calls';
import ModelProfilePage from '../../features/people/pages/ModelProfilePage';

/** /models/:username: people's profile page with the calls feature's 'Call Now' in its slot. */
export default function ModelProfileRoute() {
  return <ModelProfilePage callAction={(profile) => <CallNowButton model={profile} />} />;
}

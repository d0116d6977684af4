import { useState } from 'react';
import { useAppSelector } from '../../../shared/store/hooks';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { Alert, PageHeader } from '../../../shared/ui';
import { AvatarCard } from '../components/AvatarCard';
import { PricePerMessageCard } from '../components/PricePerMessageCard';
import { ProfileDetailsForm } from '../components/ProfileDetailsForm';
import './ProfilePage.css';

export default function ProfilePage() {
  const user = useAppSelector(selectCurrentUser);
  // A photo chosen and not yet saved belongs to the page: Save photo and Save profile both save it.
  const [photo, setPhoto] = useState<File | null>(null);
  if (!user) return null;
  return (
    <>
      <PageHeader title="Profile" description="How you appear to others on the site." />
      {user.isCompletedProfile ? null : (
        <Alert tone="info" title="Finish your profile">
          Add a short bio and your gender so people know who they are talking to.
        </Alert>
      )}
      <AvatarCard user={user} file={photo} onFileChange={setPhoto} />
      {/* Keyed by id so switching accounts never shows the previous person's values. */}
      <ProfileDetailsForm key={user._id} user={user} photo={photo} onPhotoSaved={() => setPhoto(null)} />
      {user.type === 'model' ? <PricePerMessageCard key={`price-${user._id}`} user={user} /> : null}
    </>
  );
}

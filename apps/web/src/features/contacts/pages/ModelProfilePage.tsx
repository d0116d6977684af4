import type { CSSProperties, ReactNode } from 'react';
import { useParams } from 'react-router';
import type { ProfileByUsername } from '@cc/contracts';
import { isApiError } from '../../../shared/api/apiError';
import { Avatar, Badge, ButtonLink, Card, EmptyState, Icon, ListError, Skeleton } from '../../../shared/ui';
import { useGetProfileByUsernameQuery } from '../api/contactsApi';
import { ProfileActions } from '../components/ProfileActions';
import { callRateLabel, isCallable, personHue, pricePerMessageLabel } from '../lib/pricing';
import './ModelProfilePage.css';

function ProfileSkeleton() {
  return (
    <div className="page" role="status" aria-label="Loading profile">
      <section className="profile-hero" aria-hidden="true">
        <div className="profile-hero__cover profile-hero__cover--loading" />
        <div className="profile-hero__main">
          <Skeleton width={112} height={112} radius="50%" className="profile-hero__avatar" />
          <div className="profile-hero__who">
            <Skeleton width={220} height={28} />
            <Skeleton width={120} height={14} />
          </div>
        </div>
      </section>
      <div className="profile-grid">
        <Skeleton height={140} radius="var(--radius-lg)" />
        <Skeleton height={140} radius="var(--radius-lg)" />
      </div>
    </div>
  );
}

function NoSuchModel() {
  return (
    <div className="page page--narrow">
      <Card>
        <EmptyState
          icon="compass"
          title="No such model"
          description="Nobody by that name is here. The link may be old, or the creator changed their username."
          action={<ButtonLink to="/models">Browse models</ButtonLink>}
        />
      </Card>
    </div>
  );
}

function Fact({
  icon,
  label,
  value,
  hint,
}: {
  icon: 'coin' | 'phone' | 'checkCircle' | 'circle';
  label: string;
  value: string;
  hint?: string;
}) {
  return (
    <div className="profile-fact">
      <span className="profile-fact__icon">
        <Icon name={icon} size={18} />
      </span>
      <div className="profile-fact__text">
        <dt>{label}</dt>
        <dd>
          {value}
          {hint ? <span className="profile-fact__hint">{hint}</span> : null}
        </dd>
      </div>
    </div>
  );
}

/**
 * What the app composes into a profile from other features (web features never import each other;
 * docs/architecture.md#boundaries): the 'Call Now' button of the calls feature, beside the call rate,
 * and the marketplace feature's Store section under the profile.
 */
export type ModelProfileSlots = {
  callAction?: (profile: ProfileByUsername) => ReactNode;
  storeSection?: (profile: ProfileByUsername) => ReactNode;
};

function Profile({ profile, callAction, storeSection }: { profile: ProfileByUsername } & ModelProfileSlots) {
  const callable = isCallable(profile);
  const style = { '--person-hue': personHue(profile.username) } as CSSProperties;
  return (
    <div className="page profile-page" style={style}>
      <section className="profile-hero" aria-labelledby="profile-name">
        <div className="profile-hero__cover" />
        <div className="profile-hero__main">
          <Avatar name={profile.name} src={profile.avatarUrl} size={112} className="profile-hero__avatar" />
          <div className="profile-hero__who">
            <h1 id="profile-name" className="profile-hero__name">
              {profile.name}
            </h1>
            <p className="profile-hero__handle">
              @{profile.username}
              {callable ? <Badge tone="success">Available for calls</Badge> : null}
              {profile.isFriend ? <Badge tone="accent">In your contacts</Badge> : null}
            </p>
          </div>
          <ProfileActions profile={profile} />
        </div>
      </section>

      <div className="profile-grid">
        <Card title="About" className="profile-about">
          {profile.bio ? (
            <p className="profile-about__bio">{profile.bio}</p>
          ) : (
            <p className="muted">{profile.name} has not written a bio yet.</p>
          )}
        </Card>
        <Card title="Prices" as="section">
          <dl className="profile-facts">
            <Fact icon="coin" label="Price per message" value={pricePerMessageLabel(profile.tokenPerMessage)} />
            <Fact icon="phone" label="Call rate" value={callRateLabel(profile.callRate)} />
            <Fact
              icon={callable ? 'checkCircle' : 'circle'}
              label="Availability"
              value={callable ? 'Available for calls' : 'Not taking calls right now'}
            />
          </dl>
          {callAction ? <div className="profile-call">{callAction(profile)}</div> : null}
        </Card>
      </div>
      {storeSection ? storeSection(profile) : null}
    </div>
  );
}

/** /models/:username: a model's public profile with Message, contacts, tip and (composed in app/) call actions. */
export default function ModelProfilePage({ callAction, storeSection }: ModelProfileSlots = {}) {
  const { username = '' } = useParams();
  const { data, error, isLoading, isError, isFetching, refetch } = useGetProfileByUsernameQuery(username, { skip: !username });

  if (isLoading) return <ProfileSkeleton />;
  if (isError || !data) {
    if (isApiError(error) && error.status === 404) return <NoSuchModel />;
    return (
      <div className="page page--narrow">
        <ListError what="this profile" error={error} onRetry={() => void refetch()} retrying={isFetching} />
      </div>
    );
  }
  // Only models have a page here; a member's username is not a model.
  if (data.type !== 'model') return <NoSuchModel />;
  return <Profile profile={data} callAction={callAction} storeSection={storeSection} />;
}

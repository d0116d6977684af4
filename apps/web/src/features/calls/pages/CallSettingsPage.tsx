import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { useAppSelector } from '../../../shared/store/hooks';
import { ButtonLink, Card, EmptyState, ListError, PageHeader, Skeleton } from '../../../shared/ui';
import { useGetCallSettingsQuery } from '../api/historyApi';
import { SettingsAvailabilitySwitch } from '../components/SettingsAvailabilitySwitch';
import { SettingsPhoneForm } from '../components/SettingsPhoneForm';
import { SettingsRateForm } from '../components/SettingsRateForm';
import { SettingsSoftphoneCard } from '../components/SettingsSoftphoneCard';
import { BILLING_RULE } from '../components/HistoryWords';
import './CallSettingsPage.css';

function SettingsSkeleton() {
  return (
    <div className="call-settings" role="status" aria-label="Loading your call settings">
      <Skeleton height={150} radius="var(--radius-lg)" />
      <Skeleton height={220} radius="var(--radius-lg)" />
    </div>
  );
}

function ModelSettings() {
  const { data, error, isLoading, isError, isFetching, refetch } = useGetCallSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  if (isLoading) return <SettingsSkeleton />;
  if (isError || !data) return <ListError what="your call settings" error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  return (
    <div className="call-settings">
      <SettingsSoftphoneCard settings={data} />
      <Card
        title="Taking calls"
        description="Members pay your rate for every started minute of a call; you earn it less the site’s commission."
      >
        <div className="stack-lg">
          <SettingsAvailabilitySwitch available={data.callAvailable} rate={data.callRate} />
          <SettingsRateForm rate={data.callRate} />
          <p className="muted text-sm">{BILLING_RULE}</p>
        </div>
      </Card>
      {data.provider === 'twilio' ? (
        <Card title="Your phone" description="This site rings your phone for calls. Members never see the number.">
          <SettingsPhoneForm phoneNumber={data.phoneNumber} />
        </Card>
      ) : null}
    </div>
  );
}

/** /calls/settings: the model's softphone, availability and call rate (docs/product.md#calls). */
export default function CallSettingsPage() {
  const user = useAppSelector(selectCurrentUser);
  return (
    <>
      <PageHeader
        title="Softphone and call settings"
        description="Choose whether members can call you and what a minute costs, and see where your calls ring."
      />
      {user?.type === 'model' ? (
        <ModelSettings />
      ) : (
        <Card>
          <EmptyState
            icon="phone"
            title="Call settings are for creators"
            description="Creators choose their call rate and when they take calls here. Your own calls are listed in your call history."
            action={<ButtonLink to="/calls">See my calls</ButtonLink>}
          />
        </Card>
      )}
    </>
  );
}

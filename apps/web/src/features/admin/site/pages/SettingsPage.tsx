import { Card, ListError, PageHeader, Skeleton } from '../../../../shared/ui';
import { useGetSettingsQuery } from '../api/adminSiteApi';
import { FaviconCard } from '../components/FaviconCard';
import { SettingsForm } from '../components/SettingsForm';
import '../components/SettingsPage.css';

function SettingsSkeleton() {
  return (
    <div className="stack" role="status" aria-label="Loading settings">
      {[2, 2, 3].map((fields, card) => (
        <Card key={card}>
          <div className="stack">
            <Skeleton width={140} height={18} />
            {Array.from({ length: fields }, (_, i) => (
              <Skeleton key={i} height={42} radius="var(--radius-md)" />
            ))}
          </div>
        </Card>
      ))}
    </div>
  );
}

/** Admin › Settings: site identity, favicon, money rules and the footer. */
export default function SettingsPage() {
  const { data, error, isLoading, isError, isFetching, refetch } = useGetSettingsQuery();
  return (
    <>
      <PageHeader title="Settings" description="Changes apply to the whole site as soon as you save them." />
      {isLoading ? (
        <SettingsSkeleton />
      ) : isError || !data ? (
        <ListError what="the settings" error={error} onRetry={refetch} retrying={isFetching} />
      ) : (
        <>
          <FaviconCard current={data.siteFavicon} siteName={data.siteName} />
          <SettingsForm settings={data} />
        </>
      )}
    </>
  );
}

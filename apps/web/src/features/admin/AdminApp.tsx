import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { ButtonLink, EmptyState } from '../../shared/ui';
import { AdminLayout } from './shared/components/AdminLayout';
import { AdminBaseContext, useAdminPath, useMountPath } from './shared/hooks/adminBase';

/**
 * Each section is a chunk of its own, loaded when opened (issue #28: the console's one 551 kB chunk
 * took 2–2.8 s cold); AdminLayout shows a skeleton in the page's place meanwhile.
 */
const AuditLogPage = lazy(() => import('./audit/pages/AuditLogPage'));
const CallsPage = lazy(() => import('./calls/pages/CallsPage'));
const EarningsPage = lazy(() => import('./money/pages/EarningsPage'));
const ContactMessagesPage = lazy(() => import('./people/pages/ContactMessagesPage'));
const InvoicesPage = lazy(() => import('./money/pages/InvoicesPage'));
const MembersPage = lazy(() => import('./people/pages/MembersPage'));
const MenusPage = lazy(() => import('./site/pages/MenusPage'));
const ModelsPage = lazy(() => import('./people/pages/ModelsPage'));
const OutboxPage = lazy(() => import('./site/pages/OutboxPage'));
const OverviewPage = lazy(() => import('./overview/pages/OverviewPage'));
const PaymentsPage = lazy(() => import('./money/pages/PaymentsPage'));
const PayoutRequestsPage = lazy(() => import('./money/pages/PayoutRequestsPage'));
const PostEditorPage = lazy(() => import('./content/pages/PostEditorPage'));
const PostsPage = lazy(() => import('./content/pages/PostsPage'));
const SellItemsPage = lazy(() => import('./content/pages/SellItemsPage'));
const SettingsPage = lazy(() => import('./site/pages/SettingsPage'));
const TokenPackagesPage = lazy(() => import('./money/pages/TokenPackagesPage'));

function AdminNotFound() {
  const home = useAdminPath();
  return (
    <EmptyState
      icon="compass"
      title="No such admin page"
      description="The address may be mistyped, or the page has moved. Pick a section, or start from the overview."
      action={<ButtonLink to={home}>Go to the overview</ButtonLink>}
    />
  );
}

/**
 * The admin area, mounted by the shell at /admin/* for administrators only (the whole module is
 * loaded on demand, so members never download it). Paths are relative to that mount point.
 */
export default function AdminApp() {
  const base = useMountPath();
  return (
    <AdminBaseContext value={base}>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<OverviewPage />} />
          <Route path="models" element={<ModelsPage />} />
          <Route path="members" element={<MembersPage />} />
          <Route path="packages" element={<TokenPackagesPage />} />
          <Route path="payments" element={<PaymentsPage />} />
          <Route path="earnings" element={<EarningsPage />} />
          <Route path="payouts" element={<PayoutRequestsPage />} />
          <Route path="invoices" element={<InvoicesPage />} />
          <Route path="posts" element={<PostsPage />} />
          <Route path="posts/new" element={<PostEditorPage />} />
          <Route path="posts/:id" element={<PostEditorPage />} />
          <Route path="items" element={<SellItemsPage />} />
          <Route path="calls" element={<CallsPage />} />
          <Route path="messages" element={<ContactMessagesPage />} />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="menus" element={<MenusPage />} />
          <Route path="outbox" element={<OutboxPage />} />
          <Route path="audit" element={<AuditLogPage />} />
          <Route path="*" element={<AdminNotFound />} />
        </Route>
      </Routes>
    </AdminBaseContext>
  );
}

import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { ButtonLink, EmptyState } from '../../shared/ui';
import { AdminLayout } from './components/AdminLayout';
import { AdminBaseContext, useAdminPath, useMountPath } from './hooks/adminBase';

/**
 * Each section is a chunk of its own, loaded when opened (issue #28: the console's one 551 kB chunk
 * took 2–2.8 s cold); AdminLayout shows a skeleton in the page's place meanwhile.
 */
const AuditLogPage = lazy(() => import('./pages/AuditLogPage'));
const CallsPage = lazy(() => import('./pages/CallsPage'));
const EarningsPage = lazy(() => import('./pages/EarningsPage'));
const ContactMessagesPage = lazy(() => import('./pages/ContactMessagesPage'));
const InvoicesPage = lazy(() => import('./pages/InvoicesPage'));
const MembersPage = lazy(() => import('./pages/MembersPage'));
const MenusPage = lazy(() => import('./pages/MenusPage'));
const ModelsPage = lazy(() => import('./pages/ModelsPage'));
const OutboxPage = lazy(() => import('./pages/OutboxPage'));
const OverviewPage = lazy(() => import('./pages/OverviewPage'));
const PaymentsPage = lazy(() => import('./pages/PaymentsPage'));
const PayoutRequestsPage = lazy(() => import('./pages/PayoutRequestsPage'));
const PostEditorPage = lazy(() => import('./pages/PostEditorPage'));
const PostsPage = lazy(() => import('./pages/PostsPage'));
const SellItemsPage = lazy(() => import('./pages/SellItemsPage'));
const SettingsPage = lazy(() => import('./pages/SettingsPage'));
const TokenPackagesPage = lazy(() => import('./pages/TokenPackagesPage'));

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

import { Route, Routes } from 'react-router';
import { ButtonLink, EmptyState } from '../../shared/ui';
import { AdminLayout } from './components/AdminLayout';
import { AdminBaseContext, useAdminPath, useMountPath } from './hooks/adminBase';
import AuditLogPage from './pages/AuditLogPage';
import CallsPage from './pages/CallsPage';
import EarningsAdminPage from './pages/EarningsAdminPage';
import ContactMessagesPage from './pages/ContactMessagesPage';
import InvoicesPage from './pages/InvoicesPage';
import MembersPage from './pages/MembersPage';
import MenusPage from './pages/MenusPage';
import ModelsPage from './pages/ModelsPage';
import OutboxPage from './pages/OutboxPage';
import OverviewPage from './pages/OverviewPage';
import PaymentsPage from './pages/PaymentsPage';
import PayoutRequestsPage from './pages/PayoutRequestsPage';
import PostEditorPage from './pages/PostEditorPage';
import PostsPage from './pages/PostsPage';
import SellItemsPage from './pages/SellItemsPage';
import SettingsPage from './pages/SettingsPage';
import TokenPackagesPage from './pages/TokenPackagesPage';

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
          <Route path="earnings" element={<EarningsAdminPage />} />
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

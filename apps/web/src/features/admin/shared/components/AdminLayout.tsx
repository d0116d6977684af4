import { Suspense, type ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router';
import { Icon, TableSkeleton, type IconName } from '../../../../shared/ui';
import { useAdminPath } from '../hooks/adminBase';
import { OpenMessagesCount } from './OpenMessagesCount';
import './AdminLayout.css';
// The styles several sections share (card tables on a phone, drawers, their detail lists) come with
// the frame, not with whichever section happens to import them first: each section is a chunk of
// its own, and one that relied on another's import was laid out wrong on a phone.
import './AdminList.css';
import './Drawer.css';
import './AdminDetails.css';
import '../../content/components/SellItems.css';

/** `extra` sits after the label: a live count, say. */
type Section = { to: string; label: string; icon: IconName; end?: boolean; extra?: ReactNode };

/** Paths under the admin area's mount point (see hooks/adminBase). */
const SECTIONS: readonly Section[] = [
  { to: '', label: 'Overview', icon: 'home', end: true },
  { to: 'models', label: 'Models', icon: 'shieldCheck' },
  { to: 'members', label: 'Members', icon: 'user' },
  { to: 'packages', label: 'Token packages', icon: 'coin' },
  { to: 'payments', label: 'Payments', icon: 'store' },
  { to: 'earnings', label: 'Earnings', icon: 'star' },
  { to: 'payouts', label: 'Payouts', icon: 'arrowRight' },
  { to: 'invoices', label: 'Invoices', icon: 'file' },
  { to: 'posts', label: 'Posts', icon: 'sparkles' },
  { to: 'items', label: 'Sell items', icon: 'bag' },
  { to: 'calls', label: 'Calls', icon: 'phone' },
  { to: 'messages', label: 'Messages', icon: 'chat', extra: <OpenMessagesCount /> },
  { to: 'settings', label: 'Settings', icon: 'settings' },
  { to: 'menus', label: 'Menus', icon: 'menu' },
  { to: 'outbox', label: 'Mail outbox', icon: 'mail' },
  { to: 'audit', label: 'Audit log', icon: 'shield' },
];

function SectionLink({ section }: { section: Section }) {
  const to = useAdminPath(section.to);
  return (
    <NavLink to={to} end={section.end} className="admin-nav__link">
      <Icon name={section.icon} size={18} />
      <span>{section.label}</span>
      {section.extra}
    </NavLink>
  );
}

/**
 * The admin frame: a left navigation of sections beside the page, lined up with the top bar. On
 * phones the same links wrap into chips above the page, every one in view (one element, so keyboard
 * order and labels stay the same).
 */
export function AdminLayout() {
  return (
    <div className="admin">
      <aside className="admin__aside">
        <p className="admin__eyebrow" aria-hidden="true">
          Administration
        </p>
        <nav aria-label="Admin sections" className="admin-nav">
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <SectionLink section={section} />
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="admin__content">
        <Suspense fallback={<TableSkeleton columns={4} label="Loading this section" />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { Icon, type IconName } from '../../../shared/ui';
import { useAdminPath } from '../hooks/adminBase';
import './AdminLayout.css';

type Section = { to: string; label: string; icon: IconName; end?: boolean };

/** Paths under the admin area's mount point (see hooks/adminBase). */
const SECTIONS: readonly Section[] = [
  { to: '', label: 'Models', icon: 'shieldCheck', end: true },
  { to: 'members', label: 'Members', icon: 'user' },
  { to: 'packages', label: 'Token packages', icon: 'coin' },
  { to: 'payments', label: 'Payments', icon: 'store' },
  { to: 'invoices', label: 'Invoices', icon: 'file' },
  { to: 'settings', label: 'Settings', icon: 'settings' },
  { to: 'menus', label: 'Menus', icon: 'menu' },
  { to: 'outbox', label: 'Mail outbox', icon: 'mail' },
];

function SectionLink({ section }: { section: Section }) {
  const to = useAdminPath(section.to);
  return (
    <NavLink to={to} end={section.end} className="admin-nav__link">
      <Icon name={section.icon} size={18} />
      <span>{section.label}</span>
    </NavLink>
  );
}

/**
 * The admin frame: a left navigation of sections beside the page. On phones the same links become
 * a row of tabs above the page (one element, so keyboard order and labels stay the same).
 */
export function AdminLayout() {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  // On phones the tab row scrolls sideways: bring the current section into view, centred.
  useEffect(() => {
    const row = nav.current;
    const active = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !active || row.scrollWidth <= row.clientWidth) return;
    const rowBox = row.getBoundingClientRect();
    const activeBox = active.getBoundingClientRect();
    row.scrollLeft += activeBox.left - rowBox.left - (rowBox.width - activeBox.width) / 2;
  }, [pathname]);

  return (
    <div className="admin">
      <aside className="admin__aside">
        <p className="admin__eyebrow" aria-hidden="true">
          Administration
        </p>
        <nav ref={nav} aria-label="Admin sections" className="admin-nav">
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
        <Outlet />
      </div>
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../../shared/store/hooks';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { Icon, type IconName } from '../../../shared/ui';
import './MoneyLayout.css';

type Section = { to: string; label: string; icon: IconName; end?: boolean; modelsOnly?: boolean };

const SECTIONS: readonly Section[] = [
  { to: '/tokens', label: 'Buy tokens', icon: 'coin', end: true },
  { to: '/tokens/history', label: 'Payments', icon: 'store' },
  { to: '/tokens/statement', label: 'Statement', icon: 'menu' },
  { to: '/invoices', label: 'Invoices', icon: 'file' },
  { to: '/tokens/cards', label: 'Saved cards', icon: 'lock' },
  { to: '/earnings', label: 'Earnings', icon: 'sparkles', modelsOnly: true },
];

/** The money pages share one frame: a row of section tabs above the page (scrolls sideways on phones). */
export default function MoneyLayout() {
  const user = useAppSelector(selectCurrentUser);
  const sections = SECTIONS.filter((section) => !section.modelsOnly || user?.type === 'model');
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  // On phones the tab row scrolls sideways: keep the current section in view.
  useEffect(() => {
    const row = nav.current;
    const active = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !active || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft += active.getBoundingClientRect().left - row.getBoundingClientRect().left - (row.clientWidth - active.offsetWidth) / 2;
  }, [pathname]);

  return (
    <div className="page money">
      <nav ref={nav} aria-label="Tokens and billing" className="money-nav">
        {sections.map((section) => (
          <NavLink key={section.to} to={section.to} end={section.end} className="money-nav__link">
            <Icon name={section.icon} size={16} />
            <span>{section.label}</span>
          </NavLink>
        ))}
      </nav>
      <div className="money__content">
        <Outlet />
      </div>
    </div>
  );
}

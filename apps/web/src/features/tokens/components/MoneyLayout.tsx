import { NavLink, Outlet } from 'react-router';
import { useAppSelector } from '../../../shared/store/hooks';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { Icon, type IconName } from '../../../shared/ui';
import './MoneyLayout.css';

type Section = { to: string; label: string; icon: IconName; end?: boolean };

const SECTIONS: readonly Section[] = [
  { to: '/tokens', label: 'Buy tokens', icon: 'coin', end: true },
  { to: '/tokens/history', label: 'Payments', icon: 'store' },
  { to: '/tokens/statement', label: 'Statement', icon: 'menu' },
  { to: '/invoices', label: 'Invoices', icon: 'file' },
  { to: '/tokens/cards', label: 'Saved cards', icon: 'lock' },
];
/** A model earns more than they buy: their earnings, payouts and payout account lead the row. */
const MODEL_SECTIONS: readonly Section[] = [
  { to: '/earnings', label: 'Earnings', icon: 'sparkles' },
  { to: '/payouts', label: 'Payouts', icon: 'arrowRight', end: true },
  { to: '/payouts/account', label: 'Payout account', icon: 'shieldCheck' },
];

/**
 * The money pages share one frame: a row of section links above the page. They are links to pages
 * (the current one marked `aria-current`), not in-page tabs; on phones they wrap into rows of pills
 * like the shared Tabs, so every section is in sight.
 */
export default function MoneyLayout() {
  const user = useAppSelector(selectCurrentUser);
  const sections = user?.type === 'model' ? [...MODEL_SECTIONS, ...SECTIONS] : SECTIONS;

  return (
    <div className="page money">
      <nav aria-label="Tokens and billing" className="money-nav">
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

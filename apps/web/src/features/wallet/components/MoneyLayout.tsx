import { Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../../shared/store/hooks';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { CreatorNav, SectionNav, type NavSection } from '../../../shared/ui';
import './MoneyLayout.css';

const SECTIONS: readonly NavSection[] = [
  { to: '/tokens', label: 'Buy tokens', icon: 'coin', end: true },
  { to: '/tokens/history', label: 'Payments', icon: 'store' },
  { to: '/tokens/statement', label: 'Statement', icon: 'menu' },
  { to: '/invoices', label: 'Invoices', icon: 'file' },
  { to: '/tokens/cards', label: 'Saved cards', icon: 'lock' },
];

/** A model's earnings and payouts are creator tools: they sit with her store and calls, not with buying tokens. */
const isCreatorPage = (path: string) => path === '/earnings' || path.startsWith('/payouts');

/**
 * The money pages share one frame: a row of section links above the page — the tokens a member
 * buys and pays with, or, on a model's earnings and payouts, her creator tools (issue #28).
 */
export default function MoneyLayout() {
  const user = useAppSelector(selectCurrentUser);
  const { pathname } = useLocation();

  return (
    <div className="page money">
      {user?.type === 'model' && isCreatorPage(pathname) ? <CreatorNav /> : <SectionNav label="Tokens and billing" sections={SECTIONS} />}
      <div className="money__content">
        <Outlet />
      </div>
    </div>
  );
}

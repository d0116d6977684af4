import { NavLink } from 'react-router';
import { Icon, type IconName } from './Icon';
import './SectionNav.css';

export type NavSection = { to: string; label: string; icon: IconName; end?: boolean };

/**
 * A row of section links above a page: links to pages (the current one marked `aria-current`), not
 * in-page tabs; on phones they wrap into rows of pills like the shared Tabs, so every section is in
 * sight. The money pages, the call pages and the creator tools use it.
 */
export function SectionNav({ label, sections }: { label: string; sections: readonly NavSection[] }) {
  return (
    <nav aria-label={label} className="section-nav">
      {sections.map((section) => (
        <NavLink key={section.to} to={section.to} end={section.end} className="section-nav__link">
          <Icon name={section.icon} size={16} />
          <span>{section.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}

/**
 * Everything a creator works with, together (issue #28: her tools were spread under Tokens, which
 * opens on Buy tokens): earnings, payouts, her store and her calls.
 */
export const CREATOR_SECTIONS: readonly NavSection[] = [
  { to: '/earnings', label: 'Earnings', icon: 'sparkles' },
  { to: '/payouts', label: 'Payouts', icon: 'arrowRight', end: true },
  { to: '/payouts/account', label: 'Payout account', icon: 'shieldCheck' },
  { to: '/store', label: 'My store', icon: 'store' },
  { to: '/calls', label: 'Call history', icon: 'menu', end: true },
  { to: '/calls/settings', label: 'Softphone and settings', icon: 'phone' },
];

/** The creator tools' row, on each of their pages for a model. */
export const CreatorNav = () => <SectionNav label="Creator tools" sections={CREATOR_SECTIONS} />;

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSiteName } from '../../../shared/site/siteApi';
import './AuthLayout.css';

type AuthLayoutProps = { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode; wide?: boolean };

/** The centred card every sign-in and sign-up step uses, headed by the site's name. */
export function AuthLayout({ title, subtitle, children, footer, wide = false }: AuthLayoutProps) {
  const siteName = useSiteName();
  return (
    <div className="auth-page">
      <div className={wide ? 'auth-card auth-card--wide' : 'auth-card'}>
        <Link to="/" className="auth-card__site">
          {siteName}
        </Link>
        <div className="auth-card__heading">
          <h1 className="auth-card__title">{title}</h1>
          {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
        </div>
        {children}
      </div>
      {footer ? <p className="auth-page__footer">{footer}</p> : null}
    </div>
  );
}

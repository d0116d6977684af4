import { Link } from 'react-router';
import { DEFAULT_MENU_SECTION, type MenuItem } from '@cc/contracts';
import { useEffect } from 'react';
import { useGetConfigKeysQuery, useGetMenuQuery, useSiteName } from '../../shared/site/siteApi';
import { appendFooterScript } from '../../shared/site/siteHead';
import { Logo } from './Logo';
import './Footer.css';

const FOOTER_KEYS = ['footerContent', 'footerScript'] as const;

const isExternal = (path: string) => /^(https?:|mailto:)/i.test(path);

function FooterLink({ item }: { item: MenuItem }) {
  const newTab = item.openNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  if (isExternal(item.path) || item.openNewTab) {
    return (
      <a href={item.path} {...newTab}>
        {item.title}
      </a>
    );
  }
  return <Link to={item.path}>{item.title}</Link>;
}

/**
 * The footer: the footer menu's links, the administrator's HTML (trusted by design) and their
 * script, which is loaded as a file once per page load (CSP script-src 'self').
 */
export function Footer() {
  const siteName = useSiteName();
  const { data: menu } = useGetMenuQuery(DEFAULT_MENU_SECTION);
  const { data: settings } = useGetConfigKeysQuery(FOOTER_KEYS);
  const content = typeof settings?.footerContent === 'string' ? settings.footerContent : '';
  const hasScript = typeof settings?.footerScript === 'string' && settings.footerScript.trim() !== '';

  useEffect(() => {
    if (hasScript) appendFooterScript();
  }, [hasScript]);

  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Logo size={24} />
          <div>
            <p className="site-footer__name">{siteName}</p>
            <p className="site-footer__tagline">Chat with creators, support them with tokens, and talk live.</p>
          </div>
        </div>
        {menu && menu.items.length > 0 ? (
          <nav aria-label="Footer" className="site-footer__nav">
            <ul>
              {menu.items.map((item) => (
                <li key={item._id}>
                  <FooterLink item={item} />
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      <div className="site-footer__content" data-testid="footer-content" dangerouslySetInnerHTML={{ __html: content }} />
    </footer>
  );
}

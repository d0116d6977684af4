import { systemRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import { mountRoute } from '../../platform/routes';
import type { SettingsService } from './settings.service';

/** Public site configuration: what the shell and footer read before anyone signs in. */
export function registerSystemRoutes(app: FastifyInstance, { settings }: { settings: SettingsService }) {
  mountRoute(app, routes.publicConfig, async () => settings.autoload());

  mountRoute(app, routes.configKeys, async (request) => settings.publicValues(request.body.keys));

  // The CSP allows only `script-src 'self'`, so the administrator's footer script cannot be inlined
  // in the page; the web app loads it from here instead.
  mountRoute(app, routes.footerScript, async (_request, reply) =>
    reply
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await settings.get('footerScript')),
  );

  mountRoute(app, routes.manifest, async (_request, reply) =>
    reply
      .header('content-type', 'application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(JSON.stringify(webAppManifest(await settings.get('siteName')))),
  );
}

/**
 * What a browser needs to offer "Install" or "Add to Home Screen" (push on phones needs the site
 * installed, issue #30): the site's own name, icons the web build serves from apps/web/public/icons
 * (a maskable one for Android's shapes) and the accent colour of shared/ui/tokens.css.
 */
function webAppManifest(siteName: string) {
  return {
    name: siteName,
    short_name: siteName,
    description: 'Chat with creators, buy tokens and place paid voice calls.',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#5b47e0',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

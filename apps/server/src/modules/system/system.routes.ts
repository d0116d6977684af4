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
}

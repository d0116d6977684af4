import { settingsRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { adminActor, changedFields, type AdminActor } from '../../platform/audit';
import { currentAuth } from '../../platform/auth';
import { byUser } from '../../platform/rate-limit';
import { mountRoute } from '../../platform/routes';
import { fileUrl, receiveUpload, type UploadPolicy } from '../../platform/uploads';
import type { SettingsService, SettingsPatch } from './settings.service';

/** PNG, ICO and WebP judged from the bytes. SVG is refused: it can carry script. */
const FAVICON_POLICY: UploadPolicy = {
  kind: 'site',
  visibility: 'public',
  maxBytes: 1024 * 1024,
  accept: [
    { mime: 'image/png', ext: 'png' },
    // file-type reports .ico files as image/x-icon; the ending must stay .ico for the shortcut-icon link.
    { mime: 'image/x-icon', ext: 'ico' },
    { mime: 'image/webp', ext: 'webp' },
  ],
  label: 'Favicon',
};

/** Administrators read and change the site settings; the guard runs before a body or upload is read. */
export function registerSettingsRoutes(
  app: FastifyInstance,
  { settings, ctx }: { settings: SettingsService; ctx: Pick<AppContext, 'db' | 'storage' | 'audit' | 'rateLimit'> },
) {
  /** Writes the settings and, in the same transaction, the audit row of the keys that changed. */
  const change = (actor: AdminActor, action: string, input: SettingsPatch) =>
    settings.updateAlong(input, async ({ before, after }, tx) => {
      const changes = changedFields(before, after);
      if (Object.keys(changes.after).length === 0) return;
      await ctx.audit.record(actor, { action, target: { type: 'settings', id: null }, ...changes }, tx);
    });

  mountRoute(app, routes.get, async () => settings.getAll());

  // The schema checks every field before anything is written; the service writes them in one transaction.
  mountRoute(app, routes.update, async (request) => change(adminActor(request), 'settings.update', request.body));

  mountRoute(
    app,
    routes.uploadFavicon,
    async (request) => {
      const { file } = await receiveUpload(request, ctx, { policy: FAVICON_POLICY, ownerId: currentAuth(request).user.id });
      return change(adminActor(request), 'settings.favicon', { siteFavicon: fileUrl(file) });
    },
    { config: { rateLimit: ctx.rateLimit(30, '10 minutes', byUser) } },
  );
}

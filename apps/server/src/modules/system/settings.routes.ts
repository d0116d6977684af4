import { dataOf, settingsSchema, updateSettingsSchema } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentAuth } from '../../platform/auth';
import { fileUrl, receiveUpload, type UploadPolicy } from '../../platform/uploads';
import type { SettingsService } from './settings.service';

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

// Admin routes check the caller on request, before the body is parsed or an upload is read.
const adminOnly = { security: [{ bearer: [] }], tags: ['admin', 'system'] };

export function registerSettingsRoutes(
  app: FastifyInstance,
  { settings, ctx }: { settings: SettingsService; ctx: Pick<AppContext, 'db' | 'storage'> },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/admin/settings',
    { onRequest: app.requireAdmin, schema: { ...adminOnly, summary: 'Every setting', response: { 200: dataOf(settingsSchema) } } },
    async () => ({ data: await settings.getAll() }),
  );

  // The schema checks every field before anything is written; the service writes them in one transaction.
  api.put(
    '/admin/settings',
    {
      onRequest: app.requireAdmin,
      schema: { ...adminOnly, summary: 'Change some settings', body: updateSettingsSchema, response: { 200: dataOf(settingsSchema) } },
    },
    async (request) => ({ data: await settings.update(request.body) }),
  );

  api.post(
    '/admin/settings/favicon',
    {
      onRequest: app.requireAdmin,
      schema: {
        ...adminOnly,
        summary: 'Upload the site favicon (multipart field "file")',
        consumes: ['multipart/form-data'],
        response: { 200: dataOf(settingsSchema) },
      },
    },
    async (request) => {
      const { file } = await receiveUpload(request, ctx, { policy: FAVICON_POLICY, ownerId: currentAuth(request).user.id });
      return { data: await settings.update({ siteFavicon: fileUrl(file) }) };
    },
  );
}

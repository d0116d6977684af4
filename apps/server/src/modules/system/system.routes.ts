import { configKeysAnswerSchema, configKeysRequestSchema, dataOf, publicConfigSchema } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SettingsService } from './settings.service';

/** Public site configuration: what the shell and footer read before anyone signs in. */
export function registerSystemRoutes(app: FastifyInstance, { settings }: { settings: SettingsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/system/configs/public',
    { schema: { tags: ['system'], summary: 'Settings the shell needs on first paint', response: { 200: dataOf(publicConfigSchema) } } },
    async () => ({ data: await settings.autoload() }),
  );

  api.post(
    '/system/configs/keys',
    {
      schema: {
        tags: ['system'],
        summary: 'Values of public settings by key; unknown and private keys are left out',
        body: configKeysRequestSchema,
        response: { 200: dataOf(configKeysAnswerSchema) },
      },
    },
    async (request) => ({ data: await settings.publicValues(request.body.keys) }),
  );

  // The CSP allows only `script-src 'self'`, so the administrator's footer script cannot be inlined
  // in the page; the web app loads it from here instead.
  api.get(
    '/system/footer-script.js',
    {
      schema: {
        tags: ['system'],
        summary: "The administrator's footer script",
        response: { 200: { description: 'JavaScript, possibly empty', content: { 'application/javascript': { schema: z.string() } } } },
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'application/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(await settings.get('footerScript')),
  );
}

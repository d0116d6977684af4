import { defineRoute } from '../common/routes';
import { configKeysAnswerSchema, configKeysRequestSchema, publicConfigSchema } from './settings';

/** Public site configuration: what the shell and the footer read before anyone signs in. */
export const systemRoutes = {
  publicConfig: defineRoute({
    method: 'GET',
    path: '/system/configs/public',
    access: 'public',
    tags: ['system'],
    summary: 'Settings the shell needs on first paint (siteName, siteFavicon)',
    answer: publicConfigSchema,
  }),
  configKeys: defineRoute({
    method: 'POST',
    path: '/system/configs/keys',
    access: 'public',
    tags: ['system'],
    summary: 'Values of public settings by key; unknown and private keys are left out',
    description:
      'Takes `{ keys: [...] }`, as the spec names it; a single key as a string (`{ keys: "footerContent" }`) is read as a list of one.',
    body: configKeysRequestSchema,
    answer: configKeysAnswerSchema,
  }),
  /** The CSP allows only `script-src 'self'`, so the web app loads the administrator's script from here. */
  footerScript: defineRoute({
    method: 'GET',
    path: '/system/footer-script.js',
    access: 'public',
    tags: ['system'],
    summary: "The administrator's footer script (JavaScript, possibly empty)",
    answer: 'raw',
  }),
};

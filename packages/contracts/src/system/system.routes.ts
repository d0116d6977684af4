import { defineRoute } from '../common/routes';
import { configKeysAnswerSchema, configKeysRequestSchema, publicConfigSchema } from './settings';
import { systemPaths } from './system.paths';

/** Public site configuration: what the shell and the footer read before anyone signs in. */
export const systemRoutes = {
  publicConfig: defineRoute({
    ...systemPaths.publicConfig,
    access: 'public',
    tags: ['system'],
    summary: 'Settings the shell needs on first paint (siteName, siteFavicon)',
    answer: publicConfigSchema,
  }),
  configKeys: defineRoute({
    ...systemPaths.configKeys,
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
    ...systemPaths.footerScript,
    access: 'public',
    tags: ['system'],
    summary: "The administrator's footer script (JavaScript, possibly empty)",
    answer: 'raw',
  }),
  /** Makes the site installable (docs/product.md#installing-the-site): its name is the site's name. */
  manifest: defineRoute({
    ...systemPaths.manifest,
    access: 'public',
    tags: ['system'],
    summary: 'The web app manifest (application/manifest+json): name, icons, colours, start page',
    answer: 'raw',
  }),
};

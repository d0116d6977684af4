import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const serverDir = path.join(import.meta.dirname, '..');

/** Where `npm run build` writes the server, and what `npm run serve` runs. */
export const serverBundle = path.join(serverDir, 'dist/main.mjs');

const installedPackagesOutside: Plugin = {
  name: 'installed-packages-outside',
  setup(bundler) {
    // A bare specifier ("fastify", "node:fs", "@cc/contracts") names a package, not a file.
    bundler.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@cc/') ? undefined : { external: true }));
  },
};

/**
 * The server and the contracts it uses as one ES module, which plain Node runs. Packages from
 * node_modules stay outside the bundle and load as installed (native ones such as sharp and
 * argon2 must); only our own workspace packages (@cc/*) are bundled, since they are TypeScript
 * source. Start-up then no longer transforms some three hundred TypeScript files on every start
 * (docs/decisions/0003-typescript-at-runtime.md). `outfile` must lie under apps/server, where the
 * server finds its migrations from (platform/server-dir.ts).
 */
export async function bundleServer(outfile = serverBundle) {
  await build({
    entryPoints: [path.join(serverDir, 'src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    plugins: [installedPackagesOutside],
    logLevel: 'warning',
  });
  return outfile;
}

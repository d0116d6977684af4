import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (apps/server), found from where this code runs: its TypeScript under
 * src/ (tests, `npm run dev`) or the bundle under dist/ (`npm run serve`, docs/decisions/0003). The
 * files the server reads beside its code (migrations, the built web app) are named from here, so
 * they are found either way.
 */
function findServerDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@cc/server') return dir;
    if (path.dirname(dir) === dir) throw new Error(`the @cc/server package is not above ${from}`);
  }
}

export const serverDir = findServerDir(import.meta.dirname);

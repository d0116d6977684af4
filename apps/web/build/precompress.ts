import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Text the browser fetches. Source maps are left as they are: only developer tools read them, and
 * compressing megabytes of them at the highest levels would slow every build. Images and fonts
 * are compressed already.
 */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/** The encodings @fastify/static's `preCompressed` looks for, as `<file>.br` and `<file>.gz`. */
const ENCODINGS = [
  { extension: '.br', compress: (bytes: Buffer) => brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) },
  { extension: '.gz', compress: (bytes: Buffer) => gzipAsync(bytes, { level: 9 }) },
] as const;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

export type Precompressed = { file: string; bytes: number; br: number | null; gz: number | null };

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside each compressible file of `dir`, at
 * the highest levels since it happens once per build; the server sends them to browsers that
 * accept them (apps/server/src/app.ts, `preCompressed`). A copy that would not be smaller is not
 * written (and an older one removed), so the server sends the file itself.
 */
export async function precompress(dir: string): Promise<Precompressed[]> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  return Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      const result: Precompressed = { file: path.relative(dir, file), bytes: bytes.length, br: null, gz: null };
      for (const { extension, compress } of ENCODINGS) {
        const compressed = await compress(bytes);
        if (compressed.length < bytes.length) {
          await writeFile(file + extension, compressed);
          result[extension === '.br' ? 'br' : 'gz'] = compressed.length;
        } else {
          await rm(file + extension, { force: true });
        }
      }
      return result;
    }),
  );
}

/**
 * Every production build precompresses its output, however it is started (`npm run build`, or
 * `vite build --outDir …` as the e2e tests and benchmarks do).
 */
export function precompressBuild(): Plugin {
  let outDir = '';
  let writes = true;
  return {
    name: 'cc:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      writes = config.build.write;
    },
    async closeBundle(error?: Error) {
      // A build kept in memory (`write: false`, the bundle's own tests) leaves the folder alone.
      if (error || !writes) return;
      const written = await precompress(outDir);
      const size = (key: 'bytes' | 'br' | 'gz') => written.reduce((sum, file) => sum + (file[key] ?? file.bytes), 0);
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
      this.info(`precompressed ${written.length} files: ${kb(size('bytes'))} → brotli ${kb(size('br'))}, gzip ${kb(size('gz'))}`);
    },
  };
}

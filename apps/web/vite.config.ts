/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressBuild } from './build/precompress.ts';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompressBuild()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The small shared components, formatting and hooks every page uses: one chunk (and one
              // stylesheet) rather than a request for each, which queued the page's first API calls
              // behind them. The dialog stays with the pages that open one: it brings Radix, which
              // the login page does not need (build/loginBudget.test.ts).
              name: 'ui',
              test: (id: string) => /\/apps\/web\/src\/shared\/(ui|format|hooks)\//.test(id) && !/\/(Modal|ConfirmDialog)\.tsx$/.test(id),
            },
          ],
        },
      },
      treeshake: {
        // Modules that only declare: one that no page uses is left out, and one a page uses is not
        // loaded by every page that imports its neighbours through a barrel (shared/ui's index,
        // the contracts' browser entry). The contracts only declare schemas, route tables and
        // constants (docs/architecture.md#contracts); shared/ui's components do nothing on import but bring
        // their CSS, which then comes with the pages that use them.
        moduleSideEffects: [
          { test: /\/packages\/contracts\/src\//, sideEffects: false },
          { test: /\/apps\/web\/src\/shared\/ui\/[^/]+\.tsx?$/, sideEffects: false },
        ],
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'ws://localhost:3000', ws: true } },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./test/setup.ts'],
    // Room for a query's 5 s wait (test/setup.ts) inside a test on a loaded machine.
    testTimeout: 15_000,
    // Each test's fake fetch (test/fakeApi.ts) and other stubbed globals end with it.
    unstubGlobals: true,
    // A worker's files share one module graph (React, the store, sonner, the contracts): importing
    // them again for each of 87 files was most of the project's time (about 260 s isolated against
    // 80 s shared, on this machine today). test/setup.ts puts back what a test leaves behind: the
    // page, body, head, toasts, socket, timers, cookies and storage.
    isolate: false,
  },
});

/**
 * What ESLint cannot see (issue #29; docs/architecture.md#boundaries), checked by `npm run lint` over
 * the three source trees: import cycles with type imports counted (a cycle through types is still a
 * cycle for a reader, and import-x/no-cycle skips `import type`), and a server module's
 * registration (`<module>.module.ts`) imported by anyone but app.ts.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module reaches itself again through its imports: move what both need into a third file.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'module-registration-from-app-only',
      severity: 'error',
      comment: "Another module's public face is its index.ts; only app.ts registers modules.",
      from: { pathNot: '^apps/server/src/app\\.ts$' },
      to: { path: '^apps/server/src/modules/[^/]+/[^/]+\\.module\\.ts$' },
    },
  ],
  options: {
    // Count `import type` and `export type … from`, which TypeScript erases before run time.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '\\.d\\.ts$'] },
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};

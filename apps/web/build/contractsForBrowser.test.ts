// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Rolldown } from 'vite';
import * as contracts from '@cc/contracts';
import { contractsForBrowser, slimRoutes, splitDeclarations } from './contractsForBrowser';

/**
 * The browser gets the contracts through build/contractsForBrowser.ts: route objects without their
 * schemas, and one module per declaration. Built that way, the contracts must still be the same
 * contracts: same exports, same routes (method, path, upload), same constants, working helpers
 * and schemas that accept and refuse the same input.
 */
const CONTRACTS = path.resolve(import.meta.dirname, '../../../packages/contracts/src/index.ts');

let dir: string;
let browser: Record<string, unknown>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cc-contracts-browser-'));
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    root: dir,
    plugins: [contractsForBrowser()],
    build: {
      write: false,
      minify: false,
      lib: { entry: CONTRACTS, formats: ['es'], fileName: 'contracts' },
      rolldownOptions: { treeshake: { moduleSideEffects: [{ test: /\/packages\/contracts\/src\//, sideEffects: false }] } },
    },
  })) as Rolldown.RolldownOutput[];
  const chunks = output.flatMap((result) => result.output).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
  for (const chunk of chunks) writeFileSync(path.join(dir, chunk.fileName), chunk.code);
  const entry = chunks.find((chunk) => chunk.isEntry)!;
  browser = (await import(pathToFileURL(path.join(dir, entry.fileName)).href)) as Record<string, unknown>;
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Route = { method: string; path: string; upload?: true };
const isRouteTable = (value: unknown): value is Record<string, Route> =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).length > 0 &&
  Object.values(value).every((route) => typeof route === 'object' && route !== null && 'method' in route && 'path' in route);
const isSchema = (value: unknown): value is { safeParse: (input: unknown) => { success: boolean }; _zod: { def: { type: string } } } =>
  typeof value === 'object' && value !== null && '_zod' in value;
/** Functions compare by kind only: the browser's copy is the same code, types stripped. */
const plain = (value: unknown) => JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'function' ? 'function' : inner));

describe('the contracts as the browser build has them', () => {
  it('export the same names', () => {
    expect(Object.keys(browser).sort()).toEqual(Object.keys(contracts).sort());
  });

  it('keep every route’s method, path and multipart flag, and nothing else', () => {
    const tables = Object.entries(contracts).filter(([, value]) => isRouteTable(value));
    expect(tables.length).toBeGreaterThan(15);
    for (const [name, table] of tables as [string, Record<string, Route>][]) {
      for (const [key, route] of Object.entries(table)) {
        const slim = (browser[name] as Record<string, Route>)[key]!;
        expect(slim, `${name}.${key}`).toEqual({ method: route.method, path: route.path, ...(route.upload ? { upload: true } : {}) });
      }
    }
  });

  it('keep schemas of the same kind that accept and refuse the same input', () => {
    const schemas = Object.entries(contracts).filter(([, value]) => isSchema(value));
    expect(schemas.length).toBeGreaterThan(50);
    for (const [name, schema] of schemas) {
      const copy = browser[name];
      expect(isSchema(copy), name).toBe(true);
      if (!isSchema(copy) || !isSchema(schema)) continue;
      expect(copy._zod.def.type, name).toBe(schema._zod.def.type);
    }
    const login = { email: 'Ada@Example.com', password: 'anything' };
    const sample = (schemaName: string, input: unknown) => [
      (contracts as unknown as Record<string, { safeParse: (i: unknown) => unknown }>)[schemaName]!.safeParse(input),
      (browser as Record<string, { safeParse: (i: unknown) => unknown }>)[schemaName]!.safeParse(input),
    ];
    for (const [schemaName, input] of [
      ['loginSchema', login],
      ['loginSchema', { email: 'not an e-mail', password: '' }],
      ['registerSchema', { name: 'Ada', username: 'ada', email: 'ada@example.com', password: 'Weak' }],
      ['registerSchema', { name: 'Ada', username: 'ada', email: 'ada@example.com', password: 'Str0ng!pass' }],
    ] as const) {
      const [real, copy] = sample(schemaName, input);
      expect(JSON.parse(JSON.stringify(copy)), schemaName).toEqual(JSON.parse(JSON.stringify(real)));
    }
  });

  it('keep the same constants and working helpers', () => {
    for (const [name, value] of Object.entries(contracts)) {
      if (isRouteTable(value) || isSchema(value)) continue;
      expect(typeof browser[name], name).toBe(typeof value);
      if (typeof value !== 'function') expect(plain(browser[name]), name).toBe(plain(value));
    }
    const helpers = browser as unknown as typeof contracts;
    expect(helpers.formatTokens(1234.5)).toBe(contracts.formatTokens(1234.5));
    expect(helpers.hundredthsToTokens(12345)).toBe(123.45);
    expect(helpers.buildPath('/conversation/:id/read', { id: 'a b' })).toBe('/conversation/a%20b/read');
    expect(helpers.passwordRules.map((rule) => rule.test('Str0ng!pass'))).toEqual(
      contracts.passwordRules.map((rule) => rule.test('Str0ng!pass')),
    );
  });
});

describe('slimming a route', () => {
  it('keeps the method, path and upload flag, also from a spread local object', () => {
    const code = [
      "const shared = { method: 'GET', access: 'member', answer: okSchema };",
      'export const routes = {',
      "  a: defineRoute({ ...shared, path: '/a', summary: 'A', answer: aSchema }),",
      "  b: defineRoute({ method: 'POST', path: '/b', upload: true, body: bSchema, answer: null }),",
      '};',
    ].join('\n');
    const slim = slimRoutes(code, 'x.routes.ts');
    expect(slim).toContain("const shared = { method: 'GET' };");
    expect(slim).toContain("a: defineRoute({ ...shared, path: '/a' })");
    expect(slim).toContain("b: defineRoute({ method: 'POST', path: '/b', upload: true })");
    expect(slim).not.toMatch(/Schema/);
  });

  it('stops the build on a route it cannot follow', () => {
    expect(() => slimRoutes("defineRoute({ ...other(), path: '/a' })", 'x.routes.ts')).toThrow(/cannot slim/);
    expect(() => slimRoutes("defineRoute({ ['path']: '/a' })", 'x.routes.ts')).toThrow(/not a plain named value/);
    expect(() => slimRoutes('defineRoute(route)', 'x.routes.ts')).toThrow(/without an object literal/);
  });
});

describe('one module per declaration', () => {
  it('gives each declaration only what it reads, parameters and locals aside', () => {
    const split = splitDeclarations(
      [
        "import { z } from 'zod';",
        'export const toCents = (tokens) => Math.round(tokens * 100);',
        'export const tokens = (whole) => toCents(whole);',
        'const schema = z.number();',
        'export function check(value) { const z = 1; return schema.parse(value) + z; }',
      ].join('\n'),
      'money.ts',
    )!;
    expect([...split.pieces.get('toCents')!.uses]).toEqual([]);
    expect([...split.pieces.get('tokens')!.uses]).toEqual(['toCents']);
    expect([...split.pieces.get('schema')!.uses]).toEqual(['z']);
    expect([...split.pieces.get('check')!.uses]).toEqual(['schema']);
    expect(split.facade).not.toContain('schema"');
  });

  it('stops the build on a file that does something on import', () => {
    expect(() => splitDeclarations("import { z } from 'zod';\nexport const a = 1;\nz.config({});", 'x.ts')).toThrow(
      /contracts only declare/,
    );
    expect(() => splitDeclarations("import './polyfill';\nexport const a = 1;", 'x.ts')).toThrow(/runs something on import/);
  });
});

import { parseAst, type Plugin } from 'vite';

/**
 * `packages/contracts` gives every route its method, path, access, documentation and zod schemas
 * (docs/architecture.md#contracts), and declares schemas beside the constants and helpers the web
 * app uses on every page (`DEFAULT_MENU_SECTION` beside the settings schema, `formatTokens` beside
 * the `tokenAmount` codec, `passwordRules` beside the password schema). A bundler places code by
 * module, so the page that needs the constant carried the module's schemas, and zod with them
 * (≈ 40 KB compressed), the login page included (issue #11). For the browser build only:
 *
 * 1. A route object keeps only what the browser reads: its method and path
 *    (`shared/api/routeRequest.ts`) and whether the body is multipart (`upload`). Its schemas and
 *    documentation are the server's business.
 * 2. Each top-level declaration of a contracts file becomes a module of its own, which imports
 *    just what that declaration uses; the file itself re-exports them. The declarations then land
 *    in the chunks of the pages that use them, and zod only where a schema is used (forms).
 *
 * The contracts only declare (imports, exports and declarations; nothing runs on import), which is
 * what makes this safe; anything else (a statement that does something, a computed key or spread
 * in a route that cannot be followed, a cycle between declarations) stops the build rather than
 * change what the browser runs. Types, the unit tests and the dev server see the contracts as
 * written, and the server is untouched.
 */
export const BROWSER_ROUTE_KEYS: ReadonlySet<string> = new Set(['method', 'path', 'upload']);

export const CONTRACT_FILE = /\/packages\/contracts\/src\/(?!.*\.test\.ts$).+\.ts$/;

/** The id of the module holding one declaration of a contracts file. */
const PIECE = '\0cc-contract-piece:';
const pieceId = (file: string, name: string) => `${PIECE}${file}#${name}`;

type Node = { type: string; start: number; end: number; [key: string]: unknown };
type Edit = { start: number; end: number; text: string };

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** `x as const`, `x satisfies T` and parentheses say nothing about the value. */
function unwrap(node: Node): Node {
  let current = node;
  while (['TSAsExpression', 'TSSatisfiesExpression', 'ParenthesizedExpression', 'TSNonNullExpression'].includes(current.type)) {
    current = current.expression as Node;
  }
  return current;
}

function walk(node: unknown, visit: (node: Node) => void) {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  if (!isNode(node)) return;
  visit(node);
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'type' && typeof value === 'object') walk(value, visit);
  }
}

/** The names a binding pattern declares (`a`, `{ a, b: [c] }`, `...d`, `e = 1`). */
function boundNames(pattern: unknown, names: string[] = []): string[] {
  if (!isNode(pattern)) return names;
  switch (pattern.type) {
    case 'Identifier':
      names.push(pattern.name as string);
      break;
    case 'ObjectPattern':
      for (const property of pattern.properties as Node[])
        boundNames(property.type === 'RestElement' ? property.argument : property.value, names);
      break;
    case 'ArrayPattern':
      for (const element of pattern.elements as unknown[]) boundNames(element, names);
      break;
    case 'RestElement':
      boundNames(pattern.argument, names);
      break;
    case 'AssignmentPattern':
      boundNames(pattern.left, names);
      break;
  }
  return names;
}

/** What a pattern reads: default values and computed keys. */
function patternReads(pattern: unknown, bound: ReadonlySet<string>, names: Set<string>) {
  if (!isNode(pattern)) return;
  switch (pattern.type) {
    case 'ObjectPattern':
      for (const property of pattern.properties as Node[]) {
        if (property.type === 'RestElement') patternReads(property.argument, bound, names);
        else {
          if (property.computed) reads(property.key, bound, names);
          patternReads(property.value, bound, names);
        }
      }
      break;
    case 'ArrayPattern':
      for (const element of pattern.elements as unknown[]) patternReads(element, bound, names);
      break;
    case 'RestElement':
      patternReads(pattern.argument, bound, names);
      break;
    case 'AssignmentPattern':
      patternReads(pattern.left, bound, names);
      reads(pattern.right, bound, names);
      break;
  }
}

/** `var` and function declarations of a function body, which belong to the whole function. */
function hoisted(node: unknown, names: string[] = []): string[] {
  if (Array.isArray(node)) {
    for (const child of node) hoisted(child, names);
    return names;
  }
  if (!isNode(node) || /Function/.test(node.type)) return names;
  if (node.type === 'VariableDeclaration' && node.kind === 'var') {
    for (const declarator of node.declarations as Node[]) boundNames(declarator.id, names);
  }
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'type' && typeof value === 'object') hoisted(value, names);
  }
  return names;
}

/** Names a block declares for itself (`let`, `const`, classes, functions). */
function lexical(statements: Node[]): string[] {
  const names: string[] = [];
  for (const statement of statements) {
    if (statement.type === 'VariableDeclaration' && statement.kind !== 'var') {
      for (const declarator of statement.declarations as Node[]) boundNames(declarator.id, names);
    } else if ((statement.type === 'FunctionDeclaration' || statement.type === 'ClassDeclaration') && statement.id) {
      names.push((statement.id as Node).name as string);
    }
  }
  return names;
}

const within = (bound: ReadonlySet<string>, names: string[]) => (names.length === 0 ? bound : new Set([...bound, ...names]));

/**
 * The free names code reads: every identifier that no enclosing function, block, catch or loop of
 * the code binds, leaving out property names (`a.b`, `{ b: … }`) and labels. A name left out
 * would be a missing import at run time, so scopes are followed as JavaScript defines them.
 */
function reads(node: unknown, bound: ReadonlySet<string>, names: Set<string>): Set<string> {
  if (Array.isArray(node)) {
    for (const child of node) reads(child, bound, names);
    return names;
  }
  if (!isNode(node)) return names;
  switch (node.type) {
    case 'Identifier':
      if (!bound.has(node.name as string)) names.add(node.name as string);
      return names;
    case 'MemberExpression':
      reads(node.object, bound, names);
      if (node.computed) reads(node.property, bound, names);
      return names;
    case 'Property':
    case 'PropertyDefinition':
    case 'MethodDefinition':
      if (node.computed) reads(node.key, bound, names);
      reads(node.value, bound, names);
      return names;
    case 'LabeledStatement':
      reads(node.body, bound, names);
      return names;
    case 'BreakStatement':
    case 'ContinueStatement':
      return names;
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression': {
      const own = node.type === 'FunctionExpression' && node.id ? [(node.id as Node).name as string] : [];
      const inner = within(bound, [...own, ...(node.params as Node[]).flatMap((param) => boundNames(param)), ...hoisted(node.body)]);
      for (const param of node.params as Node[]) patternReads(param, inner, names);
      reads(node.body, inner, names);
      return names;
    }
    case 'ClassDeclaration':
    case 'ClassExpression': {
      reads(node.superClass, bound, names);
      reads(node.body, node.id ? within(bound, [(node.id as Node).name as string]) : bound, names);
      return names;
    }
    case 'BlockStatement':
    case 'StaticBlock': {
      const inner = within(bound, lexical(node.body as Node[]));
      reads(node.body, inner, names);
      return names;
    }
    case 'SwitchStatement': {
      reads(node.discriminant, bound, names);
      const inner = within(bound, lexical((node.cases as Node[]).flatMap((c) => c.consequent as Node[])));
      reads(node.cases, inner, names);
      return names;
    }
    case 'VariableDeclaration':
      for (const declarator of node.declarations as Node[]) {
        patternReads(declarator.id, bound, names);
        reads(declarator.init, bound, names);
      }
      return names;
    case 'CatchClause': {
      const inner = within(bound, boundNames(node.param));
      patternReads(node.param, inner, names);
      reads(node.body, inner, names);
      return names;
    }
    case 'ForStatement':
    case 'ForInStatement':
    case 'ForOfStatement': {
      const head = (node.init ?? node.left) as Node | null;
      const inner = head?.type === 'VariableDeclaration' ? within(bound, lexical([head])) : bound;
      for (const [key, value] of Object.entries(node)) {
        if (key !== 'type' && typeof value === 'object') reads(value, inner, names);
      }
      return names;
    }
  }
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'type' && typeof value === 'object') reads(value, bound, names);
  }
  return names;
}

const propertyName = (property: Node): string | null => {
  if (property.computed) return null;
  const key = property.key as Node;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return null;
};

function applyEdits(code: string, edits: Edit[]): string {
  let result = '';
  let at = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    result += code.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return result + code.slice(at);
}

/** Step 1: each `defineRoute({ … })` keeps the properties the browser reads. */
export function slimRoutes(code: string, id: string): string {
  if (!code.includes('defineRoute(')) return code;
  const program = parseAst(code, { lang: 'ts' }, id) as unknown as Node;

  // Top-level `const name = { … }`: a route may spread one of them (shared method and access).
  const localObjects = new Map<string, Node>();
  for (const statement of program.body as Node[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init ? unwrap(declarator.init as Node) : null;
      if ((declarator.id as Node).type === 'Identifier' && init?.type === 'ObjectExpression') {
        localObjects.set((declarator.id as Node).name as string, init);
      }
    }
  }

  const edits = new Map<number, Edit>();
  const slim = (object: Node) => {
    const kept: string[] = [];
    for (const property of object.properties as Node[]) {
      if (property.type === 'SpreadElement') {
        const spread = unwrap(property.argument as Node);
        const source = spread.type === 'Identifier' ? localObjects.get(spread.name as string) : undefined;
        if (!source)
          throw new Error(`${id}: a route spreads \`${code.slice(spread.start, spread.end)}\`, which the browser build cannot slim`);
        slim(source);
        kept.push(code.slice(property.start, property.end));
        continue;
      }
      const name = propertyName(property);
      if (name === null || property.kind !== 'init' || property.method) {
        throw new Error(`${id}: a route property \`${code.slice(property.start, property.end)}\` is not a plain named value`);
      }
      if (BROWSER_ROUTE_KEYS.has(name)) kept.push(code.slice(property.start, property.end));
    }
    edits.set(object.start, { start: object.start, end: object.end, text: `{ ${kept.join(', ')} }` });
  };

  walk(program, (node) => {
    if (node.type !== 'CallExpression') return;
    const callee = node.callee as Node;
    if (callee.type !== 'Identifier' || callee.name !== 'defineRoute') return;
    const argument = (node.arguments as Node[])[0];
    const object = argument ? unwrap(argument) : null;
    if (object?.type !== 'ObjectExpression') throw new Error(`${id}: defineRoute is called without an object literal`);
    slim(object);
  });
  return applyEdits(code, [...edits.values()]);
}

type Import = { source: string; imported: string | null /* null: namespace */; local: string };
type Piece = { key: string; names: string[]; code: string; uses: Set<string> };
export type SplitModule = { facade: string; pieces: Map<string, Piece>; imports: Map<string, Import> };

/**
 * Step 2: one module per top-level declaration, and the file's own code (the facade) re-exports
 * them. Returns `null` for a file without declarations (an index of re-exports).
 */
export function splitDeclarations(code: string, id: string): SplitModule | null {
  const program = parseAst(code, { lang: 'ts' }, id) as unknown as Node;
  const imports = new Map<string, Import>();
  const pieces = new Map<string, Piece>();
  const pieceOf = new Map<string, string>();
  const exported: { local: string; as: string }[] = [];
  const reexports: string[] = [];

  for (const statement of program.body as Node[]) {
    if (statement.type === 'ImportDeclaration') {
      const source = (statement.source as Node).value as string;
      const specifiers = statement.specifiers as Node[];
      if (specifiers.length === 0) throw new Error(`${id}: \`import '${source}'\` runs something on import`);
      for (const specifier of specifiers) {
        const local = (specifier.local as Node).name as string;
        if (specifier.type === 'ImportNamespaceSpecifier') imports.set(local, { source, imported: null, local });
        else if (specifier.type === 'ImportDefaultSpecifier') imports.set(local, { source, imported: 'default', local });
        else {
          const imported = specifier.imported as Node;
          imports.set(local, { source, imported: (imported.name ?? imported.value) as string, local });
        }
      }
      continue;
    }
    if (statement.type === 'ExportAllDeclaration' || (statement.type === 'ExportNamedDeclaration' && statement.source)) {
      reexports.push(code.slice(statement.start, statement.end));
      continue;
    }
    if (statement.type === 'ExportNamedDeclaration' && !statement.declaration) {
      for (const specifier of statement.specifiers as Node[]) {
        const local = specifier.local as Node;
        const as = specifier.exported as Node;
        exported.push({ local: local.name as string, as: (as.name ?? as.value) as string });
      }
      continue;
    }
    const isExport = statement.type === 'ExportNamedDeclaration';
    const declaration = isExport ? (statement.declaration as Node) : statement;
    let names: string[];
    if (declaration.type === 'VariableDeclaration') {
      names = (declaration.declarations as Node[]).map((declarator) => {
        const binding = declarator.id as Node;
        if (binding.type !== 'Identifier') throw new Error(`${id}: a destructuring declaration cannot be split`);
        return binding.name as string;
      });
    } else if (declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') {
      names = [(declaration.id as Node).name as string];
    } else {
      throw new Error(`${id}: a top-level \`${declaration.type}\` does something on import; contracts only declare`);
    }
    const key = names[0]!;
    pieces.set(key, { key, names, code: code.slice(declaration.start, declaration.end), uses: reads(declaration, new Set(), new Set()) });
    for (const name of names) {
      pieceOf.set(name, key);
      if (isExport) exported.push({ local: name, as: name });
    }
  }
  if (pieces.size === 0) return null;

  // Only names declared or imported at the top level count; a declaration does not import itself.
  for (const piece of pieces.values()) {
    piece.uses = new Set([...piece.uses].filter((name) => (pieceOf.has(name) && pieceOf.get(name) !== piece.key) || imports.has(name)));
  }
  // Within a file the declarations ran in order; as modules they run in import order, which is the
  // same as long as no two need each other.
  const visiting = new Set<string>();
  const done = new Set<string>();
  const visit = (key: string, path: string[]) => {
    if (done.has(key)) return;
    if (visiting.has(key)) throw new Error(`${id}: ${[...path, key].join(' → ')} need each other; the browser build cannot split them`);
    visiting.add(key);
    for (const name of pieces.get(key)!.uses) if (pieceOf.has(name)) visit(pieceOf.get(name)!, [...path, key]);
    visiting.delete(key);
    done.add(key);
  };
  for (const key of pieces.keys()) visit(key, []);

  const facade = [
    ...exported.map(({ local, as }) => {
      const key = pieceOf.get(local);
      if (!key) throw new Error(`${id}: exports \`${local}\`, which it does not declare`);
      return `export { ${local === as ? local : `${local} as ${as}`} } from ${JSON.stringify(pieceId(id, key))};`;
    }),
    ...reexports,
  ].join('\n');
  return { facade, pieces, imports };
}

/** The code of one declaration's module; `resolved` maps the file's import sources to module ids. */
export function pieceCode(file: string, split: SplitModule, key: string, resolved: Map<string, string>): string {
  const piece = split.pieces.get(key)!;
  const lines: string[] = [];
  for (const name of piece.uses) {
    const imported = split.imports.get(name);
    if (imported) {
      const from = JSON.stringify(resolved.get(imported.source) ?? imported.source);
      if (imported.imported === null) lines.push(`import * as ${name} from ${from};`);
      else lines.push(`import { ${imported.imported === name ? name : `${JSON.stringify(imported.imported)} as ${name}`} } from ${from};`);
    } else {
      const owner = [...split.pieces.values()].find((other) => other.names.includes(name))!;
      lines.push(`import { ${name} } from ${JSON.stringify(pieceId(file, owner.key))};`);
    }
  }
  lines.push(piece.code, `export { ${piece.names.join(', ')} };`);
  return lines.join('\n');
}

/** The Vite side: production builds only. */
export function contractsForBrowser(): Plugin {
  const files = new Map<string, { split: SplitModule; resolved: Map<string, string> }>();
  return {
    name: 'cc:contracts-for-browser',
    apply: 'build',
    // After TypeScript is stripped: type-only imports are gone and what is left is what runs.
    enforce: 'post',
    transform: {
      filter: { id: CONTRACT_FILE },
      async handler(code, id) {
        const split = splitDeclarations(slimRoutes(code, id), id);
        if (!split) return null;
        const resolved = new Map<string, string>();
        for (const { source } of split.imports.values()) {
          if (resolved.has(source)) continue;
          const target = await this.resolve(source, id);
          if (!target || target.external) throw new Error(`${id}: cannot resolve ${source}`);
          resolved.set(source, target.id);
        }
        files.set(id, { split, resolved });
        return { code: split.facade, map: { mappings: '' } };
      },
    },
    resolveId: {
      filter: { id: /^\0cc-contract-piece:/ },
      handler(source) {
        return source;
      },
    },
    load: {
      filter: { id: /^\0cc-contract-piece:/ },
      handler(id) {
        const [file, key] = id.slice(PIECE.length).split('#') as [string, string];
        const entry = files.get(file);
        if (!entry) throw new Error(`${id}: its file was not transformed first`);
        return { code: pieceCode(file, entry.split, key, entry.resolved), moduleType: 'js' };
      },
    },
  };
}

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/harness';
import { SPEC_ROUTES } from './spec-routes';

/**
 * A client written from the spec's list of calls sends only the fields the spec names. This walks
 * every spec route's documented request schema (the OpenAPI document the route table generates) and
 * fails on a required field the spec does not name, unless docs/product.md#spec-field-exceptions
 * lists it with a reason.
 */
type JsonSchema = { type?: string; properties?: Record<string, JsonSchema>; required?: string[]; anyOf?: JsonSchema[] };
type Operation = {
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

let app: TestApp;
let operations: Map<string, Operation>;

/** '/api/conversation/{id}/' and '/conversation/{conversationId}' both become 'conversation/{}'. */
const normalise = (method: string, path: string) =>
  `${method.toUpperCase()} ${path
    .replace(/^\/api/, '')
    .replace(/\{[^}]+\}/g, '{}')
    .replace(/\/+$/, '')}`;

/** The exceptions table of docs/product.md: `| POST /auth/register | name | why |`. */
function documentedExceptions(): Set<string> {
  const doc = readFileSync(new URL('../../../../docs/product.md', import.meta.url), 'utf8');
  const section = doc.split('<a id="spec-field-exceptions"></a>')[1]?.split('<a id=')[0] ?? '';
  const rows = section.split('\n').filter((line) => /^\|\s*(GET|POST|PUT|DELETE|PATCH) /.test(line));
  return new Set(
    rows.map((line) => {
      const [route = '', field = '', reason = ''] = line
        .split('|')
        .slice(1)
        .map((cell) => cell.trim());
      if (reason.length < 10) throw new Error(`docs/product.md: give a reason for ${route} ${field}`);
      const [method = '', path = ''] = route.split(' ');
      return `${normalise(method, path)} ${field}`;
    }),
  );
}

/** Required fields of a JSON body: those every alternative of a union requires. */
function requiredOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  if (schema.anyOf?.length) {
    const [first, ...rest] = schema.anyOf.map(requiredOf);
    return (first ?? []).filter((field) => rest.every((other) => other.includes(field)));
  }
  return schema.required ?? [];
}

beforeAll(async () => {
  app = await createTestApp();
  await app.app.ready();
  const document = app.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  operations = new Map();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) operations.set(normalise(method, path), operation);
  }
});
afterAll(() => app.close());

describe("the spec's calls", () => {
  it('exist, apart from the features still to come', () => {
    const missing = SPEC_ROUTES.filter((r) => !r.later && !operations.has(normalise(r.method, r.path))).map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
  });

  it('require no field the spec does not name, except those docs/product.md lists with a reason', () => {
    const exceptions = documentedExceptions();
    const unexpected: string[] = [];
    for (const route of SPEC_ROUTES) {
      const key = normalise(route.method, route.path);
      const operation = operations.get(key);
      if (!operation) continue;
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const required = [
        ...requiredOf(bodySchema),
        ...(operation.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => p.name),
      ];
      for (const field of required) {
        if (route.named?.includes(field) || exceptions.has(`${key} ${field}`)) continue;
        unexpected.push(`${route.method} ${route.path}: ${field}`);
      }
    }
    expect(unexpected).toEqual([]);
  });

  it('lists no exception for a field that is not required (the table stays true)', () => {
    const stale = [...documentedExceptions()].filter((entry) => {
      const [method = '', path = '', field = ''] = entry.split(' ');
      const operation = operations.get(`${method} ${path}`);
      if (!operation) return false;
      const body = operation.requestBody?.content?.['application/json']?.schema;
      // Multipart routes document their fields in the handler, not in a JSON schema.
      if (!body) return false;
      return !requiredOf(body).includes(field);
    });
    expect(stale).toEqual([]);
  });
});

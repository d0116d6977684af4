import { buildPath, type RouteSpec } from '@cc/contracts';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createMember, createModel } from '../test-support/factories';
import { createTestApp, type TestApp } from '../test-support/harness';
import { connectSocket } from '../test-support/sockets';
import { contractRoutes, mountedRoutes } from './route-table';

/**
 * PostgreSQL text cannot hold the NUL character, so a NUL that reaches a query fails it. This walks
 * every route of the contracts' route table and puts a NUL, as a client could, in each path
 * parameter, each query parameter, each JSON field and each multipart field, as a member, a model
 * and an administrator: none may answer 500 or accept it (docs/product.md#wire).
 */

type JsonSchema = { properties?: Record<string, JsonSchema>; anyOf?: JsonSchema[]; oneOf?: JsonSchema[] };
type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

/** Every property name a body schema knows, in any of its alternatives. */
function propertyNames(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const own = Object.keys(schema.properties ?? {});
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap(propertyNames);
  return [...new Set([...own, ...alternatives])];
}

/** Param names do not matter to the router: compare 'METHOD /path' shapes, without a trailing slash. */
const routeKey = (line: string) => line.replace(/:[^/]+/g, ':').replace(/\/$/, '');

const pathParamNames = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
const WELL_FORMED = ['00000000-0000-4000-8000-000000000000', '1', 'x'];

function wellFormedParams(route: RouteSpec): Record<string, string> {
  const names = pathParamNames(route.path);
  const attempts = WELL_FORMED.map((value) => Object.fromEntries(names.map((n) => [n, value])));
  return attempts.find((params) => !route.params || route.params.safeParse(params).success) ?? attempts[0]!;
}

/** The OpenAPI path Fastify derives from a route path: '/conversation/:id/read/' → '/api/conversation/{id}/read/'. */
const openApiPath = (path: string) => `/api${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

/** A multipart body; every text part and the file's name are given as raw bytes, so a NUL travels as sent. */
function multipart(fields: Record<string, string>, file: { filename: string; contentType: string; content: Buffer }) {
  const boundary = `----nul${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.filename}"\r\ncontent-type: ${file.contentType}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The text fields upload routes read beside their file (docs/product.md#models: the verification document). */
const UPLOAD_FIELDS = { legalName: 'Ada Lovelace', birthDate: '1990-01-01', documentType: 'ID', caption: 'hello', title: 'hello' };

type Probe = { route: string; where: string; method: string; url: string; json?: unknown; upload?: Record<string, string> };

const routes = contractRoutes();

function probesOf(route: RouteSpec, operation: Operation | undefined): Probe[] {
  const label = `${route.method} ${route.path}`;
  const params = wellFormedParams(route);
  const url = `/api${buildPath(route.path, params)}`;
  const probes: Probe[] = [];
  for (const name of pathParamNames(route.path)) {
    // buildPath encodes: the router decodes %00 back into a NUL in the parameter.
    probes.push({
      route: label,
      where: `path ${name}`,
      method: route.method,
      url: `/api${buildPath(route.path, { ...params, [name]: 'a\u0000b' })}`,
    });
  }
  const queryNames = (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  for (const name of [...queryNames, 'q']) {
    probes.push({ route: label, where: `query ${name}`, method: route.method, url: `${url}?${name}=a%00b` });
  }
  for (const name of propertyNames(operation?.requestBody?.content?.['application/json']?.schema)) {
    probes.push({ route: label, where: `body ${name}`, method: route.method, url, json: { [name]: 'a\u0000b' } });
  }
  if (route.upload) {
    for (const name of Object.keys(UPLOAD_FIELDS)) {
      probes.push({
        route: label,
        where: `multipart ${name}`,
        method: route.method,
        url,
        upload: { ...UPLOAD_FIELDS, [name]: 'a\u0000b' },
      });
    }
  }
  return probes;
}

let app: TestApp;
let probes: Probe[];
let identities: { who: string; token: string }[];
let png: Buffer;
const video = {
  filename: 'clip.mp4',
  contentType: 'video/mp4',
  content: readFileSync(path.join(import.meta.dirname, '../modules/media/tests/fixtures/clip.mp4')),
};

beforeAll(async () => {
  // Limits scaled out of the way: a 429 would answer before the NUL is looked at.
  app = await createTestApp({ config: { rateLimitScale: 1000 } });
  await app.app.ready();
  const document = app.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  probes = routes.flatMap((route) => probesOf(route, document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()]));
  identities = [
    { who: 'member', token: (await createMember(app)).token },
    { who: 'model', token: (await createModel(app)).token },
    // One who has not sent her document yet, so POST /users/document reads its fields.
    { who: 'new model', token: (await createModel(app, { modelStatus: 'none' })).token },
    { who: 'admin', token: (await createAdmin(app, { type: 'model' })).token },
  ];
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
}, 120_000);
afterAll(() => app.close());

async function send(probe: Probe, token: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let payload: string | Buffer | undefined;
  if (probe.upload) {
    const body = multipart(
      probe.upload,
      probe.url.endsWith('/videos') ? video : { filename: 'photo.png', contentType: 'image/png', content: png },
    );
    payload = body.payload;
    headers['content-type'] = body.contentType;
  } else if (probe.json !== undefined) {
    payload = JSON.stringify(probe.json);
    headers['content-type'] = 'application/json';
  } else if (probe.method !== 'GET' && probe.method !== 'DELETE') {
    payload = '{}';
    headers['content-type'] = 'application/json';
  }
  const res = await app.app.inject({
    method: probe.method as 'GET',
    url: probe.url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
  let body: { code?: string; details?: { fields?: Record<string, string> } } | undefined;
  try {
    body = JSON.parse(res.body);
  } catch {
    body = undefined;
  }
  return { status: res.statusCode, body };
}

describe('a NUL anywhere in a request', () => {
  it('covers every route of the table', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(probes.some((p) => p.where === 'multipart legalName')).toBe(true);
    expect(probes.some((p) => p.route === 'GET /users/search' && p.where === 'query q')).toBe(true);
  });

  it('is refused with a 4xx by every route, never a 500 and never accepted', async () => {
    const outcomes: string[] = [];
    for (const probe of probes) {
      for (const { who, token } of identities) {
        const { status } = await send(probe, token);
        // 401/403/404/409: refused before the input is read (a guard, a resource the caller cannot
        // see, a state that forbids the call); 422: refused because of it. Anything else means the
        // NUL went further than the edge.
        if (![401, 403, 404, 409, 422].includes(status)) outcomes.push(`${probe.route} ${probe.where} as ${who}: ${status}`);
      }
    }
    expect(outcomes).toEqual([]);
  }, 300_000);

  it('leaves no route out: every route the server mounts under /api is in the table', () => {
    const mounted = mountedRoutes(app);
    // The tree's text is the only full registry Fastify offers; fail loudly if its format ever changes.
    expect(mounted).toContain('GET /api/files/:id/:name');
    const known = new Set(routes.map((route) => routeKey(`${route.method} /api${route.path}`)));
    // The API docs (Swagger UI's own files) take no input of ours.
    const outside = mounted.filter((line) => line.includes(' /api/') && !line.includes(' /api/docs') && !known.has(routeKey(line)));
    expect(outside).toEqual([]);
  });

  it('refuses a NUL in a multipart text field with the NUL sentence, naming the field', async () => {
    const model = await createModel(app, { modelStatus: 'none' });
    const body = multipart(
      { ...UPLOAD_FIELDS, legalName: 'Ada\u0000Lovelace' },
      { filename: 'id.png', contentType: 'image/png', content: png },
    );
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/users/document',
      headers: { authorization: `Bearer ${model.token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(JSON.parse(res.body)).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: { legalName: 'Text cannot contain the NUL character (\\u0000).' } },
    });
  });
});

describe('a NUL over the socket', () => {
  it('is refused in the sign-in token and dropped in events, and the link stays up without an error logged', async () => {
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    await expect(connectSocket(app, 'eyJ\u0000')).rejects.toThrow('unauthorized');

    const socket = await connectSocket(app, identities[0]!.token);
    try {
      socket.emit('conversation:typing', { conversationId: 'a\u0000b', typing: true });
      socket.emit('call:signal', { callId: '00000000-0000-4000-8000-000000000000', signal: { type: 'offer', sdp: 'v=0\u0000' } });
      const answer = await socket.timeout(5000).emitWithAck('link:ping');
      expect(answer.serverTime).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    } finally {
      socket.disconnect();
    }
    const errors = app.logScan.lines().filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
    expect(errors).toEqual([]);
  });
});

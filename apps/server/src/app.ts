import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Redis } from 'ioredis';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { AppContext } from './app-context';
import type { Config } from './config/config';
import { createAuditLog } from './platform/audit';
import { authPlugin, createSessionService } from './platform/auth';
import { openDatabase, type Database, type EmbeddedLease } from './platform/db';
import { capConnectionsPerAddress, createHttpServer, trustHops } from './platform/connection-limits';
import { registerCors } from './platform/cors';
import { trackInFlight } from './platform/drain';
import { registerErrorHandler, registerNotFoundHandler } from './platform/errors';
import { noteJsonBody, refuseNulText } from './platform/nul-text';
import { closeConnectionsWithUnreadBodies } from './platform/uploads';
import { createEventBus } from './platform/events';
import { loggerOptions, RequestLogAtDebug } from './platform/logger';
import { openApiTransform } from './platform/openapi';
import { createMailTransport, type MailTransport } from './platform/mail/mailer';
import { createMailQueue, createMailWorker } from './platform/mail/outbox';
import { createJobs } from './platform/jobs';
import { systemClock, type Clock } from './platform/clock';
import { rateLimitFactory } from './platform/rate-limit';
import { redisOrLocalStore } from './platform/rate-limit-store';
import { quitRedis } from './platform/redis-quit';
import { createMemoryLoginThrottle, createRedisLoginThrottle } from './platform/login-throttle';
import { registerSecurityHeaders } from './platform/security-headers';
import { broadcastResync, createSocketServer, type Io, type SocketConnectionHandler } from './platform/socket';
import { createLocalStorage } from './platform/storage';
import { createS3Storage } from './platform/storage-s3';
import { registerHealthRoutes } from './modules/health/health.routes';
import { watchRedis } from './modules/health/redis-watch';
import { registerFileRoutes } from './modules/files/files.routes';
import { accountsModule } from './modules/accounts/accounts.module';
import { systemModule } from './modules/system/system.module';
import { walletModule } from './modules/wallet/wallet.module';
import { paymentsModule } from './modules/payments/payments.module';
import { mediaModule } from './modules/media/media.module';
import { contactsModule } from './modules/contacts/contacts.module';
import { notificationsModule } from './modules/notifications/notifications.module';
import { messagingModule } from './modules/messaging/messaging.module';
import { callsModule, type CallsModuleOptions } from './modules/calls/calls.module';
import { marketplaceModule } from './modules/marketplace/marketplace.module';
import { postsModule } from './modules/posts/posts.module';
import { payoutsModule } from './modules/payouts/payouts.module';
import { dashboardModule } from './modules/dashboard/dashboard.module';
import { createMediaAccess } from './platform/media-access';
import { createSettingsService } from './modules/system';
import { createLedger } from './modules/wallet';
import { createMemberLookup, type FirstAdminCredentials } from './modules/accounts';
import { createMemoryPresence, createRedisPresence } from './platform/presence';

export type BuildOptions = {
  /** Where logs go (tests capture them); defaults to stdout. */
  logStream?: DestinationStream;
  /** Use this PGlite directory instead of DATA_DIR/db ('memory://' for tests). */
  pgliteDir?: string;
  /** Start PGlite from this dump of a migrated database (tests). */
  pgliteSnapshot?: Blob;
  /** Use this migrated PGlite and hand it back on close instead of opening one (tests, platform/db.ts). */
  pglite?: EmbeddedLease;
  /** Replace the mail transport (tests of SMTP use a real local SMTP server instead). */
  mailTransport?: MailTransport;
  /** Start the background mail worker (default true). Tests may drive it with `flushMail`. */
  startJobs?: boolean;
  /** The server's clock (platform/clock.ts); tests pass one they move instead of sleeping. */
  clock?: Clock;
  /** Socket.IO's heartbeat timeout (platform/socket.ts), for tests that jump a browser's clock. */
  socketPingTimeoutMs?: number;
  /** The calls module's voice provider (tests of a provider's failures). */
  calls?: CallsModuleOptions;
};

export type App = {
  app: FastifyInstance;
  ctx: AppContext;
  /** Sends every mail that is due now. */
  flushMail: () => Promise<number>;
  /** Runs a registered background job once, now. */
  runJob: (name: string) => Promise<unknown>;
  /** The first administrator's credentials when this start generated them (shown once by main.ts). */
  firstAdmin: FirstAdminCredentials | null;
  close: () => Promise<void>;
  /**
   * What SIGTERM does (docs/operations.md#restarts): drains (stops taking requests, lets those
   * running finish for at most `graceMs`), then closes sockets, jobs and the database. Resolves
   * whether every running request finished in time.
   */
  shutdown: (graceMs: number) => Promise<boolean>;
};

/** Builds the whole server: platform, then each feature module. `main.ts` and every test call it. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const { app, inFlight } = await createFastify(config, options);

  const database = await openAppDatabase(app, config, options);
  const events = createEventBus((error, name) => app.log.error({ err: error, event: name }, 'event handler failed'));
  const sessions = createSessionService({ db: database.db, secret: config.jwtSecret });
  const transport =
    options.mailTransport ?? createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.mailFrom });
  const clock = options.clock ?? systemClock;
  const jobs = createJobs((msg, err) => app.log.error({ err }, msg), clock);
  const mailWorker = createMailWorker({ db: database.db, transport, events, log: (msg, err) => app.log.warn({ err }, msg) });

  // Commands issued in the same turn of the event loop (the rate limit and presence reads of
  // concurrent requests) go out in one write: each socket write costs the process ~60 µs (bench/PROFILE.md).
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false, enableAutoPipelining: true })
    : undefined;

  // The socket server needs the HTTP server, which exists only after the routes are registered.
  const socketRef: { io?: Io } = {};
  // Events published while Redis was down crossed no node: once it is back, every tab refetches.
  if (redis) watchRedis(redis, app.log, () => socketRef.io && broadcastResync(socketRef.io));
  const connectionHandlers: SocketConnectionHandler[] = [];
  const ctx = sharedContext({ config, log: app.log, database, events, sessions, clock, jobs, redis, socketRef, connectionHandlers });

  await registerPlugins(app, config, { redis, sessions });

  const firstAdmin = await registerModules(app, ctx, { redis, calls: options.calls });

  serveWebApp(app, config);

  const socket = await createSocketServer({
    httpServer: app.server,
    sessions,
    events,
    redis,
    streamName: `${config.redisPrefix}:socket.io`,
    presence: ctx.presence,
    connectionHandlers,
    corsOrigins: config.corsOrigins,
    ...(options.socketPingTimeoutMs ? { pingTimeoutMs: options.socketPingTimeoutMs } : {}),
  });
  socketRef.io = socket.io;

  if (options.startJobs !== false) {
    mailWorker.start();
    jobs.start();
  }

  let closed = false;
  const shutdown = async (graceMs: number) => {
    if (closed) return true;
    closed = true;
    const drained = await inFlight.drain(graceMs);
    await socket.close();
    await app.close();
    await mailWorker.stop();
    await jobs.stop();
    transport.close();
    ctx.presence.close?.();
    ctx.storage.close?.();
    if (redis) await quitRedis(redis);
    await database.close();
    return drained;
  };

  return {
    app,
    ctx,
    flushMail: () => mailWorker.flush(),
    runJob: (name) => jobs.run(name),
    firstAdmin,
    shutdown,
    close: async () => void (await shutdown(5_000)),
  };
}

/** The database: PostgreSQL when DATABASE_URL is set, else the embedded PGlite (or the one a test lends). */
function openAppDatabase(app: FastifyInstance, config: Config, options: BuildOptions): Promise<Database> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteDir: options.pgliteDir,
    pgliteSnapshot: options.pgliteSnapshot,
    pglite: options.pglite,
    // One line with the driver's reason: the pool replaces the connection, there is nothing to trace.
    onIdleError: (error: Error & { code?: string }) =>
      app.log.warn({ reason: [error.code, error.message].filter(Boolean).join(': ') }, 'idle database connection lost'),
  });
}

/** The shared services, built once and handed to every module through `ctx` (app-context.ts). */
function sharedContext({
  config,
  log,
  database,
  events,
  sessions,
  clock,
  jobs,
  redis,
  socketRef,
  connectionHandlers,
}: Pick<AppContext, 'config' | 'log' | 'database' | 'events' | 'sessions' | 'clock' | 'jobs'> & {
  redis: Redis | undefined;
  socketRef: { io?: Io };
  connectionHandlers: SocketConnectionHandler[];
}): AppContext {
  const settings = createSettingsService({ db: database.db });
  return {
    config,
    clock,
    database,
    db: database.db,
    events,
    mail: createMailQueue({ db: database.db, events }),
    sessions,
    storage: config.storage.provider === 's3' ? createS3Storage(config.storage.s3) : createLocalStorage(config.dataDir),
    rateLimit: rateLimitFactory(config.rateLimitScale),
    loginThrottle: redis ? createRedisLoginThrottle(redis, `${config.redisPrefix}:login`) : createMemoryLoginThrottle(),
    log,
    jobs,
    io: () => {
      if (!socketRef.io) throw new Error('socket server not ready');
      return socketRef.io;
    },
    onSocketConnection: (handler) => void connectionHandlers.push(handler),
    presence: redis ? createRedisPresence(redis, `${config.redisPrefix}:presence`) : createMemoryPresence(),
    mediaAccess: createMediaAccess(),
    settings,
    ledger: createLedger({ db: database.db, events, settings }),
    members: createMemberLookup(database.db),
    audit: createAuditLog(database.db),
  };
}

/**
 * The Fastify instance and what guards every request before a route sees it: the body parser,
 * NUL text, unread bodies, connections per address, validation, errors, CORS and the drain.
 */
async function createFastify(config: Config, options: BuildOptions) {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    logController: new RequestLogAtDebug(),
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (docs/operations.md#proxy).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    serverFactory: (handler) => createHttpServer(handler, config.http),
    // The spec writes some calls with a trailing slash (/users/otp/, /media/{id}/download/) and
    // clients drop it as often as not: both spellings reach the same route (docs/product.md#compatibility).
    routerOptions: { ignoreTrailingSlash: true },
    // avvio's default 10 s per plugin was once too short on CI's busy 2-core machine (3 test
    // workers, Chromium and child servers): @fastify/swagger-ui, which reads one file, timed out
    // and the app never started. A plugin that truly hangs still fails start-up, a little later.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();
  // A JSON content type with an empty body (e.g. POST /auth/logout from some clients) means "no body",
  // not a syntax error; everything else goes through Fastify's safe default parser.
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    noteJsonBody(request, text);
    return parseJson(request, text, done);
  });
  refuseNulText(app);
  closeConnectionsWithUnreadBodies(app);
  capConnectionsPerAddress(app.server, config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // First of the onRequest hooks, so every answer a listed origin gets carries CORS headers,
  // a 503 while draining included (docs/operations.md#cors).
  await registerCors(app, config.corsOrigins);
  const inFlight = trackInFlight(app);
  return { app, inFlight };
}

/** Security headers, cookies, uploads, the rate limit, the OpenAPI document and sign-in, in that order. */
async function registerPlugins(
  app: FastifyInstance,
  config: Config,
  { redis, sessions }: { redis: Redis | undefined; sessions: AppContext['sessions'] },
) {
  registerSecurityHeaders(app, config);
  await app.register(cookie);
  await app.register(multipart, { limits: { files: 1, fields: 20, fieldSize: 10_000 } });
  await app.register(rateLimit, {
    global: false,
    // Counted in Redis across nodes; in memory while Redis is down (platform/rate-limit-store.ts).
    ...(redis ? { store: redisOrLocalStore(redis, `${config.redisPrefix}:rl:`) } : {}),
    // The plugin throws what this returns; an Error carries the sentence to the error handler.
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Too many attempts. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`), { statusCode: 429 }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Creator Chat API', version: '0.1.0', description: 'Every route, generated from the shared contracts.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      servers: [{ url: '/' }],
    },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(authPlugin, { sessions });
}

/** Every feature module under /api; answers the first administrator's credentials when this start made them. */
async function registerModules(
  app: FastifyInstance,
  ctx: AppContext,
  { redis, calls }: { redis: Redis | undefined; calls: CallsModuleOptions | undefined },
): Promise<FirstAdminCredentials | null> {
  let firstAdmin: FirstAdminCredentials | null = null;
  await app.register(
    async (api) => {
      registerHealthRoutes(api, ctx, redis);
      registerFileRoutes(api, ctx);
      ({ firstAdmin } = await accountsModule(api, ctx));
      await systemModule(api, ctx);
      await walletModule(api, ctx);
      await paymentsModule(api, ctx);
      await mediaModule(api, ctx);
      await contactsModule(api, ctx);
      await notificationsModule(api, ctx);
      await messagingModule(api, ctx);
      await callsModule(api, ctx, calls);
      await marketplaceModule(api, ctx);
      await postsModule(api, ctx);
      await payoutsModule(api, ctx);
      await dashboardModule(api, ctx);
    },
    { prefix: '/api' },
  );
  return firstAdmin;
}

/** Serves the built React app; client-side routes fall back to index.html. */
function serveWebApp(app: FastifyInstance, config: Config) {
  const indexFile = path.join(config.webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing); run "npm run build"`);
    registerNotFoundHandler(app);
    return;
  }
  // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
  // preCompressed: the build writes brotli and gzip copies beside each asset (apps/web/build/precompress.ts);
  // a browser that accepts one gets it, any other the file itself.
  void app.register(fastifyStatic, {
    root: config.webDist,
    wildcard: true,
    index: false,
    maxAge: '1h',
    preCompressed: true,
    // Source maps would publish the admin area's code; they are served only when asked for (docs/operations.md#environment).
    allowedPath: (pathName) => config.serveSourceMaps || !pathName.endsWith('.map'),
  });
  // The index names the hashed assets of the build it came from, so browsers must ask for it again
  // every time; otherwise after a deploy they keep one pointing at deleted files.
  const sendIndex = (reply: FastifyReply) => {
    // A page address (/login) reaches here after the static plugin looked for it as a file in each
    // precompressed form, every look leaving a 'close' listener on the response until it ends; the
    // index makes 11, past Node's leak warning. Bounded and gone with the response: not a leak.
    reply.raw.setMaxListeners(20);
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  };
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  registerNotFoundHandler(app, sendIndex);
}

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { serverDir } from '../platform/server-dir';

/**
 * The only reader of process.env. Every setting is validated here; a bad value stops start-up with a
 * message naming it. Unset services fall back to embedded defaults (PGlite, local disk, outbox mail,
 * in-process socket adapter) so the app runs with nothing but Node installed.
 */
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalSecret = z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).optional());

/** `https://app.example.com` or `http://localhost:5173`, exactly as a browser writes the Origin header. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}

const AUTHORIZENET_REQUIRED_KEYS = [
  'AUTHORIZENET_API_LOGIN_ID',
  'AUTHORIZENET_TRANSACTION_KEY',
  'AUTHORIZENET_CLIENT_KEY',
  'AUTHORIZENET_SIGNATURE_KEY',
] as const;

const envFields = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: optionalUrl,
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Creator Chat <no-reply@localhost>'),
  JWT_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_EMAIL: z.preprocess((v) => (v === '' ? undefined : v), z.email().optional()),
  ADMIN_PASSWORD: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(8).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** Multiplies every rate limit; tests and benchmarks raise it, never production. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /**
   * Which proxies may speak for the client in X-Forwarded-For: unset or `false` trusts none (the
   * socket's address is the client), a number trusts that many hops, a comma list trusts those
   * addresses or CIDR ranges (docs/operations.md#proxy).
   */
  TRUST_PROXY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^(false|\d+|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/, 'must be false, a hop count or a comma list of addresses')
      .optional(),
  ),
  /**
   * Other sites whose pages may call the API and the sockets with the member's credentials: a comma
   * list of exact origins (`https://app.example.com`); none by default (docs/operations.md#cors).
   */
  CORS_ORIGINS: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((origin) => origin.trim())
            .filter(Boolean)
        : [],
    z.array(z.string().refine(isOrigin, 'must be a comma list of origins like https://app.example.com (scheme, host, port; no path)')),
  ),
  /** Longest wait for a request's headers, its whole body, and between bytes of an idle connection. */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Open connections one address may hold (0 = no cap); trusted proxies' addresses are exempt. */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(200),
  /** Serve the web app's source maps (*.map); off unless asked for. */
  SERVE_SOURCE_MAPS: z.enum(['true', 'false']).default('false'),
  /** How long SIGTERM waits for in-flight requests before it gives up and exits 1. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).max(600_000).default(25_000),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]+$/)
    .default('cc'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'authorizenet']).default('sandbox'),
  AUTHORIZENET_API_LOGIN_ID: optionalSecret,
  AUTHORIZENET_TRANSACTION_KEY: optionalSecret,
  AUTHORIZENET_CLIENT_KEY: optionalSecret,
  AUTHORIZENET_SIGNATURE_KEY: optionalSecret,
  AUTHORIZENET_ENDPOINT: z.url().default('https://apitest.authorize.net/xml/v1/request.api'),
  AUTHORIZENET_ACCEPT_JS_URL: z.url().default('https://jstest.authorize.net/v1/Accept.js'),
  /** How long one call to Authorize.Net may take before the payment is treated as "unknown". */
  AUTHORIZENET_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  VOICE_PROVIDER: z.enum(['local', 'twilio']).default('local'),
  /** JSON list of RTCIceServer for the local provider's WebRTC, e.g. [{"urls":"stun:stun.example.org"}]. Loopback needs none. */
  CALL_ICE_SERVERS: z.preprocess((v) => (v === '' || v === undefined ? '[]' : v), z.string()),
  TWILIO_ACCOUNT_SID: optionalSecret,
  TWILIO_AUTH_TOKEN: optionalSecret,
  TWILIO_API_KEY_SID: optionalSecret,
  TWILIO_API_KEY_SECRET: optionalSecret,
  TWILIO_TWIML_APP_SID: optionalSecret,
  /** The platform's number the model sees calling (never the member's). */
  TWILIO_CALLER_ID: optionalSecret,
  /** Twilio's REST API base; tests point it at the local fake. */
  TWILIO_API_BASE: z.url().default('https://api.twilio.com'),
  /** An S3-compatible bucket for uploaded files: all five or none; none keeps them under DATA_DIR/files. */
  S3_ENDPOINT: optionalUrl,
  S3_REGION: optionalSecret,
  S3_BUCKET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens')
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalSecret,
  S3_SECRET_ACCESS_KEY: optionalSecret,
  /** https://host/bucket/key (MinIO and most self-hosted stores) rather than https://bucket.host/key. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  /** Browser push (VAPID, RFC 8292): both keys or neither; neither generates them once into DATA_DIR/vapid.json. */
  VAPID_PUBLIC_KEY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a URL-safe base64 P-256 public key')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a URL-safe base64 P-256 private key')
      .optional(),
  ),
  /** Who runs the site, for push services: `mailto:` or `https:`; default a mailto: of the contact address. */
  VAPID_SUBJECT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https: URL')
      .optional(),
  ),
});

const TWILIO_REQUIRED_KEYS = [
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'TWILIO_API_KEY_SID',
  'TWILIO_API_KEY_SECRET',
  'TWILIO_TWIML_APP_SID',
  'TWILIO_CALLER_ID',
] as const;

const S3_REQUIRED_KEYS = ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

const iceServersSchema = z.array(
  z.object({ urls: z.union([z.string(), z.array(z.string())]), username: z.string().optional(), credential: z.string().optional() }),
);

const envSchema = envFields.superRefine((env, issues) => {
  // A provider without its keys would fail on the first purchase or call; stop at start-up instead.
  if (env.PAYMENT_PROVIDER === 'authorizenet') {
    for (const key of AUTHORIZENET_REQUIRED_KEYS) {
      if (!env[key]) issues.addIssue({ code: 'custom', path: [key], message: 'is required when PAYMENT_PROVIDER=authorizenet' });
    }
  }
  if (env.VOICE_PROVIDER === 'twilio') {
    for (const key of TWILIO_REQUIRED_KEYS) {
      if (!env[key]) issues.addIssue({ code: 'custom', path: [key], message: 'is required when VOICE_PROVIDER=twilio' });
    }
  }
  // Half an S3 setup would quietly keep files on local disk; name what is missing instead.
  if (S3_REQUIRED_KEYS.some((key) => env[key])) {
    for (const key of S3_REQUIRED_KEYS) {
      if (!env[key])
        issues.addIssue({ code: 'custom', path: [key], message: `is required for S3 storage (${S3_REQUIRED_KEYS.join(', ')})` });
    }
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    const missing = env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    issues.addIssue({ code: 'custom', path: [missing], message: 'is required with the other VAPID key (set both or neither)' });
  }
  try {
    iceServersSchema.parse(JSON.parse(env.CALL_ICE_SERVERS));
  } catch {
    issues.addIssue({ code: 'custom', path: ['CALL_ICE_SERVERS'], message: 'must be a JSON list of ICE servers ({"urls": …})' });
  }
});

export type AuthorizeNetConfig = {
  apiLoginId: string;
  transactionKey: string;
  /** Public Client Key for Accept.js; safe to send to browsers. */
  clientKey: string;
  /** Verifies webhooks (X-ANET-Signature). */
  signatureKey: string;
  endpoint: string;
  acceptJsUrl: string;
  timeoutMs: number;
};

export type TwilioConfig = {
  accountSid: string;
  authToken: string;
  apiKeySid: string;
  apiKeySecret: string;
  twimlAppSid: string;
  callerId: string;
  apiBase: string;
};

/** Paid voice calls (docs/product.md#calls): the in-app softphone unless Twilio is configured. */
export type VoiceConfig =
  { provider: 'local'; iceServers: z.infer<typeof iceServersSchema> } | { provider: 'twilio'; twilio: TwilioConfig };

/** Card payments (docs/product.md#payments): the embedded sandbox unless Authorize.Net is configured. */
export type PaymentsConfig = { provider: 'sandbox' } | { provider: 'authorizenet'; authorizenet: AuthorizeNetConfig };

export type S3Config = {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

/** Where uploaded files live: DATA_DIR/files unless an S3-compatible bucket is configured. */
export type StorageConfig = { provider: 'local' } | { provider: 's3'; s3: S3Config };

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  storage: StorageConfig;
  publicUrl: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  webDist: string;
  rateLimitScale: number;
  /** Prefix for Redis keys and streams, so several deployments or test runs can share one Redis. */
  redisPrefix: string;
  payments: PaymentsConfig;
  voice: VoiceConfig;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  /** Origins allowed to call with credentials (CORS); empty: same origin only. */
  corsOrigins: string[];
  http: { headersTimeoutMs: number; requestTimeoutMs: number; idleTimeoutMs: number; maxConnectionsPerAddress: number };
  serveSourceMaps: boolean;
  shutdownGraceMs: number;
  /** VAPID keys from the environment (both or none; none: generated into DATA_DIR) and the subject. */
  push: { keys: { publicKey: string; privateKey: string } | undefined; subject: string | undefined };
};

export class ConfigError extends Error {}

/** Reads `.env` when present (real environment variables win), then validates. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  if (env === process.env && existsSync('.env')) process.loadEnvFile('.env');
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const port = overrides.port ?? e.PORT;
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    dataDir,
    storage: storageConfig(e),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET ?? overrides.jwtSecret ?? persistedSecret(dataDir),
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(serverDir, '../web/dist')),
    rateLimitScale: e.RATE_LIMIT_SCALE,
    redisPrefix: e.REDIS_PREFIX,
    payments: paymentsConfig(e),
    voice: voiceConfig(e),
    trustProxy: trustProxyConfig(e.TRUST_PROXY),
    corsOrigins: e.CORS_ORIGINS,
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
      maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    },
    serveSourceMaps: e.SERVE_SOURCE_MAPS === 'true',
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    push: {
      keys: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
      subject: e.VAPID_SUBJECT,
    },
    ...overrides,
  };
}

function paymentsConfig(e: z.infer<typeof envSchema>): PaymentsConfig {
  if (e.PAYMENT_PROVIDER === 'sandbox') return { provider: 'sandbox' };
  // superRefine has made sure every key is present.
  return {
    provider: 'authorizenet',
    authorizenet: {
      apiLoginId: e.AUTHORIZENET_API_LOGIN_ID ?? '',
      transactionKey: e.AUTHORIZENET_TRANSACTION_KEY ?? '',
      clientKey: e.AUTHORIZENET_CLIENT_KEY ?? '',
      signatureKey: e.AUTHORIZENET_SIGNATURE_KEY ?? '',
      endpoint: e.AUTHORIZENET_ENDPOINT,
      acceptJsUrl: e.AUTHORIZENET_ACCEPT_JS_URL,
      timeoutMs: e.AUTHORIZENET_TIMEOUT_MS,
    },
  };
}

function trustProxyConfig(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((address) => address.trim());
}

function voiceConfig(e: z.infer<typeof envSchema>): VoiceConfig {
  if (e.VOICE_PROVIDER === 'local') return { provider: 'local', iceServers: iceServersSchema.parse(JSON.parse(e.CALL_ICE_SERVERS)) };
  // superRefine has made sure every key is present.
  return {
    provider: 'twilio',
    twilio: {
      accountSid: e.TWILIO_ACCOUNT_SID ?? '',
      authToken: e.TWILIO_AUTH_TOKEN ?? '',
      apiKeySid: e.TWILIO_API_KEY_SID ?? '',
      apiKeySecret: e.TWILIO_API_KEY_SECRET ?? '',
      twimlAppSid: e.TWILIO_TWIML_APP_SID ?? '',
      callerId: e.TWILIO_CALLER_ID ?? '',
      apiBase: e.TWILIO_API_BASE.replace(/\/$/, ''),
    },
  };
}

function storageConfig(e: z.infer<typeof envSchema>): StorageConfig {
  if (!e.S3_BUCKET) return { provider: 'local' };
  // superRefine has made sure every key is present.
  return {
    provider: 's3',
    s3: {
      endpoint: e.S3_ENDPOINT ?? '',
      region: e.S3_REGION ?? '',
      bucket: e.S3_BUCKET,
      accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    },
  };
}

/** A missing JWT_SECRET is generated once and kept, so sessions survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

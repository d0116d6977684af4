import type { Config } from './config/config';
import type { Database, Db } from './platform/db';
import type { EventBus } from './platform/events';
import type { MailQueue } from './platform/mail/outbox';
import type { SessionService } from './platform/auth';
import type { Storage } from './platform/storage';
import type { RateLimitFactory } from './platform/rate-limit';
import type { LoginThrottle } from './platform/login-throttle';
import type { Io } from './platform/socket';
import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from './platform/jobs';
import type { MediaAccess } from './platform/media-access';
import type { Presence } from './platform/presence';
import type { SocketConnectionHandler } from './platform/socket';
import type { SettingsService } from './modules/system/settings.service';
import type { Ledger } from './modules/wallet/ledger.service';
import type { MemberLookup } from './modules/accounts/member-lookup';
import type { AuditLog } from './platform/audit';
import type { Clock } from './platform/clock';

/**
 * What a feature module may use: the shared services, each built once in `app.ts` (the composition
 * root). Each service takes only the parts it needs from here.
 */
export type AppContext = {
  config: Config;
  /** The time everything that expires or is billed reads (platform/clock.ts); tests move it. */
  clock: Clock;
  database: Database;
  db: Db;
  events: EventBus;
  mail: MailQueue;
  sessions: SessionService;
  storage: Storage;
  rateLimit: RateLimitFactory;
  /** Failed sign-ins per account, shared by every node when Redis is configured. */
  loginThrottle: LoginThrottle;
  log: FastifyBaseLogger;
  /** Periodic background work; started with the app, stopped before the database closes. */
  jobs: Pick<Jobs, 'every'>;
  /** Set once the HTTP server exists; emit through it only at run time, never while building. */
  io: () => Io;
  /** Registers a per-connection socket listener (client events a feature owns, such as typing). */
  onSocketConnection: (handler: SocketConnectionHandler) => void;
  /** Who is online, on any node. */
  presence: Presence;
  /** Download rights for members' media; features add their rules. */
  mediaAccess: MediaAccess;
  /** Site settings (commission, site name, …), read by several modules. */
  settings: SettingsService;
  /** The one service that moves tokens (docs/decisions/0005-ledger.md). */
  ledger: Ledger;
  /** What the accounts module tells other modules about a member. */
  members: MemberLookup;
  /** The administrators' append-only trail; every admin action records itself in its own transaction. */
  audit: AuditLog;
};

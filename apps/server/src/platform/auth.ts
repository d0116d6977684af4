import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import { sessions, users } from '../db/schema';
import type { Db, DbOrTx } from './db';
import { forbidden, unauthenticated } from './errors';

export type UserRow = typeof users.$inferSelect;

/** An account that may no longer be used, and what its owner is told: at sign-in (accounts/auth.service.ts) and on a request. */
export type AccountRefusal = 'suspended' | 'deactivated';
export const ACCOUNT_REFUSALS: Record<AccountRefusal, string> = {
  suspended: 'This account has been suspended by an administrator. Contact us if you think this is a mistake.',
  deactivated: 'This account has been deactivated. Contact us to reactivate it.',
};
export type AuthContext = { user: UserRow; sessionId: string };

/** 365 days with keep-login; without it the cookie ends with the browser session (docs/product.md#accounts). */
export const KEEP_LOGIN_DAYS = 365;
export const SESSION_LOGIN_DAYS = 7;
export const ACCESS_TOKEN_COOKIE = 'accessToken';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    sessions: SessionService;
    /** preHandler: signed in, active account. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: signed in as an administrator. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The signed-in caller, for handlers behind requireUser. */
export function currentAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

export type SessionService = ReturnType<typeof createSessionService>;

/** What made cached sign-ins stale: sessions ended, or an account changed (its row is in the cache). */
export type SessionChange = { userId: string; sessionIds: string[] | 'all' };

/**
 * How long a node answers a token from memory before reading its session again. Ending a session
 * or changing an account forgets it at once on this node and, through the socket adapter, on every
 * other one (platform/socket.ts); this lifetime only bounds what a lost broadcast could leave
 * behind (docs/architecture.md#sessions).
 */
export const SESSION_CACHE_MS = 10_000;
const SESSION_CACHE_MAX = 20_000;

/** JWTs name a server-side session, so logout and password changes can end them. */
export function createSessionService({ db, secret }: { db: Db; secret: string }) {
  const key = new TextEncoder().encode(secret);
  const { remember, recall, forget, forgetsSoFar } = signInCache();
  const liveSession = prepareLiveSession(db);

  async function issue(opts: { userId: string; keepLogin: boolean; userAgent?: string | undefined }, tx: DbOrTx = db) {
    const days = opts.keepLogin ? KEEP_LOGIN_DAYS : SESSION_LOGIN_DAYS;
    const expiresAt = new Date(Date.now() + days * 86_400_000);
    const [session] = await tx
      .insert(sessions)
      .values({ userId: opts.userId, keepLogin: opts.keepLogin, expiresAt, userAgent: opts.userAgent?.slice(0, 300) ?? null })
      .returning({ id: sessions.id });
    const token = await new SignJWT({ sid: session!.id })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(opts.userId)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(key);
    return { token, expiresAt, sessionId: session!.id };
  }

  /** The caller behind a token, or null when the token, session or account is not valid. */
  async function authenticate(token: string): Promise<AuthContext | null> {
    const known = recall(token);
    if (known) return known;
    let sub: string | undefined;
    let sid: unknown;
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      sub = payload.sub;
      sid = payload.sid;
    } catch {
      return null;
    }
    if (!sub || typeof sid !== 'string') return null;
    const forgetsBeforeRead = forgetsSoFar();
    const rows = await liveSession.execute({ sid, sub, now: new Date() });
    const row = rows[0];
    if (!row || row.user.status !== 'active') return null;
    const auth = { user: row.user, sessionId: sid };
    remember(token, auth, row.expiresAt.getTime(), forgetsBeforeRead);
    return auth;
  }

  /**
   * Why a well-signed token no longer opens a session, when the account is the reason: a suspended
   * or deactivated member told "please sign in" would think it a glitch (issue #28). Only asked on
   * the refusal path, so a valid request pays nothing for it.
   */
  async function refusalOf(token: string): Promise<AccountRefusal | null> {
    let sub: string | undefined;
    try {
      sub = (await jwtVerify(token, key, { algorithms: ['HS256'] })).payload.sub;
    } catch {
      return null;
    }
    if (!sub) return null;
    const [row] = await db.select({ status: users.status }).from(users).where(eq(users.id, sub));
    return row?.status === 'suspended' || row?.status === 'deactivated' ? row.status : null;
  }

  /** Ends sessions; returns the ids it ended so live sockets on them can be closed. */
  async function revoke(opts: { userId: string; sessionIds?: string[]; exceptSessionId?: string }, tx: DbOrTx = db) {
    const conditions = [eq(sessions.userId, opts.userId), isNull(sessions.revokedAt)];
    if (opts.sessionIds) conditions.push(inArray(sessions.id, opts.sessionIds));
    if (opts.exceptSessionId) conditions.push(ne(sessions.id, opts.exceptSessionId));
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(...conditions))
      .returning({ id: sessions.id });
    const ids = ended.map((s) => s.id);
    // Now for this node; the caller's `session.revoked` event, after commit, tells every node.
    forget({ userId: opts.userId, sessionIds: ids });
    return ids;
  }

  return { issue, authenticate, refusalOf, revoke, forget };
}

/**
 * Every authenticated request used to verify the JWT and read its session and account: the most
 * frequent statement of all (bench/PROFILE.md). This node's memory of those answers, keyed by the
 * token itself, so a hit skips both.
 */
function signInCache() {
  const remembered = new Map<string, { auth: AuthContext; until: number }>();
  // Counts forgets: a sign-in read before one (it may have read what was just ended) is not kept.
  let forgets = 0;

  function remember(token: string, auth: AuthContext, sessionExpiresAt: number, forgetsBeforeRead: number) {
    if (forgets !== forgetsBeforeRead) return;
    if (remembered.size >= SESSION_CACHE_MAX) remembered.delete(remembered.keys().next().value!);
    remembered.set(token, { auth, until: Math.min(Date.now() + SESSION_CACHE_MS, sessionExpiresAt) });
  }

  /** The remembered sign-in of a token while it is fresh; a stale one is dropped. */
  function recall(token: string): AuthContext | undefined {
    const known = remembered.get(token);
    if (known && known.until > Date.now()) return known.auth;
    if (known) remembered.delete(token);
    return undefined;
  }

  /** Forgets what a change made stale, so the next request reads the session and account again. */
  function forget({ userId, sessionIds }: SessionChange) {
    forgets++;
    for (const [token, entry] of remembered) {
      if (entry.auth.user.id !== userId) continue;
      if (sessionIds === 'all' || sessionIds.includes(entry.auth.sessionId)) remembered.delete(token);
    }
  }

  return { remember, recall, forget, forgetsSoFar: () => forgets };
}

// Runs on every authenticated request: prepared once, so the ORM does not rebuild it each time.
function prepareLiveSession(db: Db) {
  return db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sid')),
        eq(sessions.userId, sql.placeholder('sub')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('auth_live_session');
}

function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || undefined : undefined;
}

/**
 * Whether the request signed in with the Authorization header, which only a client holding the token
 * can send, rather than with the cookie a link on another site brings along (docs/product.md#compatibility).
 */
export const signedInByBearer = (request: FastifyRequest) => bearerTokenOf(request) !== undefined;

/** Bearer header first; the cookie only for safe methods (downloads from links), never for writes. */
function tokenFrom(request: FastifyRequest): string | undefined {
  const bearer = bearerTokenOf(request);
  if (bearer) return bearer;
  if (request.method === 'GET' || request.method === 'HEAD') return request.cookies?.[ACCESS_TOKEN_COOKIE];
  return undefined;
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { sessions: SessionService }) => {
  app.decorate('sessions', opts.sessions);
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    const token = tokenFrom(request);
    if (token) request.auth = await opts.sessions.authenticate(token);
  });

  /** No session: a 401 that says so, and says why when the account is the reason. */
  const refuse = async (request: FastifyRequest) => {
    const token = tokenFrom(request);
    const reason = token ? await opts.sessions.refusalOf(token) : null;
    return reason ? unauthenticated(ACCOUNT_REFUSALS[reason], { reason }) : unauthenticated();
  };
  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (!request.auth) throw await refuse(request);
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    if (!request.auth) throw await refuse(request);
    if (request.auth.user.role !== 'admin') throw forbidden('Only administrators can do that.');
  });
});

import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import { sessions, users } from '../db/schema';
import type { Db, DbOrTx } from './db';
import { forbidden, unauthenticated } from './errors';

export type UserRow = typeof users.$inferSelect;
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

/** JWTs name a server-side session, so logout and password changes can end them. */
export function createSessionService({ db, secret }: { db: Db; secret: string }) {
  const key = new TextEncoder().encode(secret);

  // Runs on every authenticated request: prepared once, so the ORM does not rebuild it each time.
  const liveSession = db
    .select({ user: users })
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
    const rows = await liveSession.execute({ sid, sub, now: new Date() });
    const row = rows[0];
    if (!row || row.user.status !== 'active') return null;
    return { user: row.user, sessionId: sid };
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
    return ended.map((s) => s.id);
  }

  return { issue, authenticate, revoke };
}

/** Bearer header first; the cookie only for safe methods (downloads from links), never for writes. */
function tokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
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

  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (!request.auth) throw unauthenticated();
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    if (!request.auth) throw unauthenticated();
    if (request.auth.user.role !== 'admin') throw forbidden('Only administrators can do that.');
  });
});

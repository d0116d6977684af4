import { and, count, desc, eq, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { FINISHED_CALL_STATUSES, type AdminCallsFilter, type CallStatus } from '@cc/contracts';
import { calls, files, users } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/db';

export type CallRow = typeof calls.$inferSelect;
export type NewCall = typeof calls.$inferInsert;
export type CallPatch = Partial<Omit<NewCall, 'id' | 'callerId' | 'modelId' | 'createdAt'>>;
export type FileRef = { id: string; fileName: string };
export type PartyRow = { id: string; name: string; username: string; avatar: FileRef | null };
/** A call with its two parties' identity columns (docs/architecture.md#boundaries allows joining them). */
export type CallView = { call: CallRow; caller: PartyRow; model: PartyRow };
export type Party = 'caller' | 'model';
/** A call with its two parties' names, as administrators list it. */
export type AdminCallView = { call: CallRow; caller: Omit<PartyRow, 'avatar'>; model: Omit<PartyRow, 'avatar'> };

/** The statuses that still hold both parties (the unique indexes' `LIVE_CALL`). */
export const LIVE_STATUSES = ['initiated', 'ringing', 'connected'] as const satisfies readonly CallStatus[];

const callers = alias(users, 'caller');
const models = alias(users, 'model');
const callerAvatars = alias(files, 'caller_avatar');
const modelAvatars = alias(files, 'model_avatar');

const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The only code touching the `calls` table. Every instant comes from the service's clock, as a parameter. */
export function createCallsRepository(db: Db) {
  return { ...callRows(db), ...memberCallViews(db), ...adminCallViews(db), ...callsDue(db), ...awayMarks(db) };
}
export type CallsRepository = ReturnType<typeof createCallsRepository>;

/** One call's row: written, read, locked and moved by compare-and-set. */
function callRows(db: Db) {
  async function insert(values: NewCall, tx: DbOrTx = db): Promise<CallRow> {
    const [row] = await tx.insert(calls).values(values).returning();
    return row!;
  }

  /**
   * Writes a new call at the model's rate as it is now (docs/product.md#price-changes): the rate is
   * read under a share lock in the transaction that writes the call, so a rate change waits for it
   * and the call never carries a rate its caller did not see. Nothing is written, and the rate now
   * answered, when the caller said the rate they saw and it is another one, or when the model has
   * no rate any more.
   */
  async function insertAtCurrentRate(
    values: Omit<NewCall, 'rate'>,
    expectedRate: number | undefined,
  ): Promise<{ call: CallRow } | { rateNow: number }> {
    return db.transaction(async (tx) => {
      const [model] = await tx.select({ callRate: users.callRate }).from(users).where(eq(users.id, values.modelId)).limit(1).for('share');
      const rate = model?.callRate ?? 0;
      if (rate <= 0 || (expectedRate !== undefined && expectedRate !== rate)) return { rateNow: rate };
      return { call: await insert({ ...values, rate }, tx) };
    });
  }

  async function findById(id: string, tx: DbOrTx = db): Promise<CallRow | undefined> {
    const [row] = await tx.select().from(calls).where(eq(calls.id, id)).limit(1);
    return row;
  }

  /**
   * Locks the call row until the transaction ends. `skipLocked`: answer nothing when another
   * transaction (this or another process) holds it, so the billing job never waits on a charge.
   */
  async function lock(id: string, tx: DbOrTx, { skipLocked = false } = {}): Promise<CallRow | undefined> {
    const [row] = await tx
      .select()
      .from(calls)
      .where(eq(calls.id, id))
      .limit(1)
      .for('update', skipLocked ? { skipLocked: true } : {});
    return row;
  }

  /**
   * The one way a call changes state: a compare-and-set. Answers the new row, or nothing when the
   * call was no longer in one of `from` (a double click, another process or a late callback got there first).
   */
  async function transition(id: string, from: readonly CallStatus[], patch: CallPatch, tx: DbOrTx = db): Promise<CallRow | undefined> {
    const [row] = await tx
      .update(calls)
      .set(patch)
      .where(and(eq(calls.id, id), inArray(calls.status, [...from])))
      .returning();
    return row;
  }

  /** A live call this member is in, on either side. */
  async function liveCallOf(userId: string, tx: DbOrTx = db): Promise<CallRow | undefined> {
    const [row] = await tx
      .select()
      .from(calls)
      .where(and(inArray(calls.status, [...LIVE_STATUSES]), or(eq(calls.callerId, userId), eq(calls.modelId, userId))))
      .limit(1);
    return row;
  }

  return { insert, insertAtCurrentRate, findById, lock, transition, liveCallOf };
}

/** Calls with both parties' names and avatars, as the members in them see them. */
function memberCallViews(db: Db) {
  function viewSelect(tx: DbOrTx = db) {
    return tx
      .select({
        call: calls,
        caller: { id: callers.id, name: callers.name, username: callers.username },
        callerAvatar: { id: callerAvatars.id, fileName: callerAvatars.fileName },
        model: { id: models.id, name: models.name, username: models.username },
        modelAvatar: { id: modelAvatars.id, fileName: modelAvatars.fileName },
      })
      .from(calls)
      .innerJoin(callers, eq(callers.id, calls.callerId))
      .innerJoin(models, eq(models.id, calls.modelId))
      .leftJoin(callerAvatars, eq(callerAvatars.id, callers.avatarFileId))
      .leftJoin(modelAvatars, eq(modelAvatars.id, models.avatarFileId));
  }
  type ViewSelectRow = Awaited<ReturnType<ReturnType<typeof viewSelect>['execute']>>[number];
  const toView = (r: ViewSelectRow): CallView => ({
    call: r.call,
    caller: { ...r.caller, avatar: r.callerAvatar },
    model: { ...r.model, avatar: r.modelAvatar },
  });

  async function findView(id: string, tx: DbOrTx = db): Promise<CallView | undefined> {
    const [row] = await viewSelect(tx).where(eq(calls.id, id)).limit(1);
    return row ? toView(row) : undefined;
  }

  /** A member's calls in both directions, newest first. */
  async function history(opts: { userId: string; limit: number; skip: number }): Promise<{ rows: CallView[]; count: number }> {
    const mine = or(eq(calls.callerId, opts.userId), eq(calls.modelId, opts.userId));
    const rows = await viewSelect().where(mine).orderBy(desc(calls.createdAt), desc(calls.id)).limit(opts.limit).offset(opts.skip);
    const [total] = await db.select({ n: count() }).from(calls).where(mine);
    return { rows: rows.map(toView), count: total?.n ?? 0 };
  }

  return { findView, history };
}

/** Calls as administrators list them. */
function adminCallViews(db: Db) {
  function adminSelect(tx: DbOrTx = db) {
    return tx
      .select({
        call: calls,
        caller: { id: callers.id, name: callers.name, username: callers.username },
        model: { id: models.id, name: models.name, username: models.username },
      })
      .from(calls)
      .innerJoin(callers, eq(callers.id, calls.callerId))
      .innerJoin(models, eq(models.id, calls.modelId));
  }

  /** One call as administrators see it. */
  async function adminView(id: string, tx: DbOrTx = db): Promise<AdminCallView | undefined> {
    const [row] = await adminSelect(tx).where(eq(calls.id, id)).limit(1);
    return row;
  }

  /**
   * Every call, live ones first, then newest first. `status` keeps live or finished calls; `q`
   * matches either party's username, e-mail or name (docs/architecture.md#boundaries allows joining them).
   */
  async function adminList(opts: {
    status?: AdminCallsFilter | undefined;
    q?: string | undefined;
    limit: number;
    skip: number;
  }): Promise<{ rows: AdminCallView[]; count: number }> {
    const where: SQL[] = [];
    if (opts.status) where.push(inArray(calls.status, opts.status === 'live' ? [...LIVE_STATUSES] : [...FINISHED_CALL_STATUSES]));
    if (opts.q) {
      const pattern = contains(opts.q);
      const matches = [callers, models].flatMap((u) => [ilike(u.username, pattern), ilike(u.email, pattern), ilike(u.name, pattern)]);
      where.push(or(...matches)!);
    }
    const condition = where.length ? and(...where) : undefined;
    const live = sql`(${inArray(calls.status, [...LIVE_STATUSES])})`;
    const rows = await adminSelect()
      .where(condition)
      .orderBy(desc(live), desc(calls.createdAt), desc(calls.id))
      .limit(opts.limit)
      .offset(opts.skip);
    const [total] = await db
      .select({ n: count() })
      .from(calls)
      .innerJoin(callers, eq(callers.id, calls.callerId))
      .innerJoin(models, eq(models.id, calls.modelId))
      .where(condition);
    return { rows, count: total?.n ?? 0 };
  }

  return { adminView, adminList };
}

/** What the billing and ring-timeout jobs find due. */
function callsDue(db: Db) {
  /** Connected calls with a minute due by `now` whose parties are both present (billing pauses while one is away). */
  async function dueForCharge(now: Date, limit: number): Promise<string[]> {
    const rows = await db
      .select({ id: calls.id })
      .from(calls)
      .where(and(eq(calls.status, 'connected'), lte(calls.nextChargeAt, now), isNull(calls.callerAwaySince), isNull(calls.modelAwaySince)))
      .orderBy(calls.nextChargeAt)
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /**
   * Calls still waiting for the model whose ring deadline (`next_charge_at` while ringing,
   * calls.engine.ts `ringDeadlineOf`) is at or before `instant`; a row without one counts from
   * `oldCutoff` (placed before the deadline was stored).
   */
  async function ringingPast(instant: Date, oldCutoff: Date, limit: number): Promise<string[]> {
    const rows = await db
      .select({ id: calls.id })
      .from(calls)
      .where(
        and(
          inArray(calls.status, ['initiated', 'ringing']),
          or(lte(calls.nextChargeAt, instant), and(isNull(calls.nextChargeAt), lte(calls.createdAt, oldCutoff))),
        ),
      )
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** Every live call with its parties and their away marks (the disconnect watch). */
  async function liveCalls(limit: number) {
    return db
      .select({
        id: calls.id,
        status: calls.status,
        callerId: calls.callerId,
        modelId: calls.modelId,
        callerAwaySince: calls.callerAwaySince,
        modelAwaySince: calls.modelAwaySince,
      })
      .from(calls)
      .where(inArray(calls.status, ['ringing', 'connected']))
      .limit(limit);
  }

  return { dueForCharge, ringingPast, liveCalls };
}

/** The disconnect watch's marks: when a party went away, and that they came back. */
function awayMarks(db: Db) {
  /** Live calls of this member on either side (a presence change concerns these). */
  async function liveCallIdsOf(userId: string): Promise<{ id: string; party: Party }[]> {
    const rows = await db
      .select({ id: calls.id, callerId: calls.callerId })
      .from(calls)
      .where(and(inArray(calls.status, ['ringing', 'connected']), or(eq(calls.callerId, userId), eq(calls.modelId, userId))));
    return rows.map((r) => ({ id: r.id, party: r.callerId === userId ? 'caller' : 'model' }));
  }

  /** Marks a party away from `since`, unless already marked (the first instant counts). */
  async function markAway(id: string, party: Party, since: Date): Promise<boolean> {
    const column = party === 'caller' ? calls.callerAwaySince : calls.modelAwaySince;
    const rows = await db
      .update(calls)
      .set(party === 'caller' ? { callerAwaySince: since } : { modelAwaySince: since })
      .where(and(eq(calls.id, id), inArray(calls.status, ['ringing', 'connected']), isNull(column)))
      .returning({ id: calls.id });
    return rows.length > 0;
  }

  async function markBack(id: string, party: Party): Promise<boolean> {
    const column = party === 'caller' ? calls.callerAwaySince : calls.modelAwaySince;
    const rows = await db
      .update(calls)
      .set(party === 'caller' ? { callerAwaySince: null } : { modelAwaySince: null })
      .where(and(eq(calls.id, id), sql`${column} is not null`))
      .returning({ id: calls.id });
    return rows.length > 0;
  }

  return { liveCallIdsOf, markAway, markBack };
}

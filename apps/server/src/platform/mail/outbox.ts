import { and, asc, eq, inArray, lte, or, sql, isNull, lt } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema';
import type { Db, DbOrTx } from '../db';
import type { EventBus } from '../events';
import type { MailTransport } from './mailer';

export type MailMessage = { to: string; subject: string; text: string; html?: string; template: string };

const MAX_ATTEMPTS = 8;
const LOCK_MS = 60_000;
const POLL_MS = 2_000;

/** Puts mail in the outbox table, inside the caller's transaction when given one. */
export function createMailQueue({ db, events }: { db: Db; events: EventBus }) {
  return {
    async enqueue(message: MailMessage, tx: DbOrTx = db) {
      await tx.insert(mailOutbox).values({
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
        template: message.template,
      });
      events.publish('mail.enqueued', {});
    },
  };
}
export type MailQueue = ReturnType<typeof createMailQueue>;

/**
 * Delivers the outbox. Rows are claimed with a lease (`locked_until`) using SKIP LOCKED, so several
 * processes share the work and a row whose sender died is picked up again after the lease.
 * Failures retry with exponential back-off up to MAX_ATTEMPTS.
 */
export function createMailWorker({
  db,
  transport,
  events,
  log,
}: {
  db: Db;
  transport: MailTransport;
  events: EventBus;
  log: (msg: string, err?: unknown) => void;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;

  async function drain(): Promise<number> {
    let sent = 0;
    for (let batch = await claimDue(db); batch.length > 0 && !stopped; batch = await claimDue(db)) {
      for (const row of batch) {
        if (await deliver(db, transport, log, row)) sent++;
      }
    }
    return sent;
  }

  /** Runs one drain at a time; a kick during a drain schedules one more pass. */
  function kick(): Promise<number> {
    if (stopped) return Promise.resolve(0);
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((error: unknown) => {
        log('mail drain failed', error);
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void kick();
        }
      });
    return running;
  }

  let unsubscribe = () => {};

  return {
    /** Polls, and sends at once whenever mail is queued in this process. */
    start() {
      stopped = false;
      unsubscribe = events.subscribe('mail.enqueued', () => void kick());
      timer = setInterval(() => void kick(), POLL_MS);
      timer.unref();
      void kick();
    },
    /** Sends everything due now; tests and shutdown use it. A drain already under way may have
     *  claimed before the newest mail was queued, so wait for it and run a fresh one. */
    async flush() {
      if (running) await running;
      return kick();
    },
    async stop() {
      stopped = true;
      unsubscribe();
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
export type MailWorker = ReturnType<typeof createMailWorker>;

// Due times are compared with the database's clock, never this process's: `run_at` defaults to the
// database's now() with microseconds, and a millisecond JavaScript Date taken just after an insert
// can be earlier than it, which made fresh mail look "not yet due".
const dbNow = sql`now()`;

/** Claims up to 10 due rows (or rows whose sender's lease ran out) for this process, with a fresh lease. */
async function claimDue(db: Db) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        or(
          and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.runAt, dbNow)),
          and(eq(mailOutbox.status, 'sending'), or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, dbNow))),
        ),
      )
      .orderBy(asc(mailOutbox.runAt))
      .limit(10)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({
        status: 'sending',
        lockedUntil: sql`now() + make_interval(secs => ${LOCK_MS / 1000})`,
        attempts: sql`${mailOutbox.attempts} + 1`,
      })
      .where(
        inArray(
          mailOutbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

type ClaimedMail = Awaited<ReturnType<typeof claimDue>>[number];

/** Sends one claimed row and records the outcome: sent, or back to pending after a back-off (failed for good after MAX_ATTEMPTS). */
async function deliver(db: Db, transport: MailTransport, log: (msg: string, err?: unknown) => void, row: ClaimedMail): Promise<boolean> {
  try {
    await transport.send({
      id: row.id,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody,
      template: row.template,
    });
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: new Date(), lockedUntil: null, lastError: null })
      .where(eq(mailOutbox.id, row.id));
    return true;
  } catch (error) {
    const failedForGood = row.attempts >= MAX_ATTEMPTS;
    const backoffMs = Math.min(2 ** row.attempts * 1000, 15 * 60_000);
    log(`mail ${row.id} attempt ${row.attempts} failed`, error);
    await db
      .update(mailOutbox)
      .set({
        status: failedForGood ? 'failed' : 'pending',
        runAt: sql`now() + make_interval(secs => ${backoffMs / 1000})`,
        lockedUntil: null,
        lastError: String((error as Error)?.message ?? error).slice(0, 500),
      })
      .where(eq(mailOutbox.id, row.id));
    return false;
  }
}

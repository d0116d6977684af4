import type { AdminCallRow, AdminCallsFilter, CallEndReason, List } from '@cc/contracts';
import type { AdminActor, AuditLog } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';
import type { CallEngine } from './calls.engine';
import { toAdminCallRow } from './calls.presenter';
import type { CallsRepository } from './calls.repository';

/** The reason an administrator's end is stored and announced with; the Voice Call modals close as for any end. */
const ADMIN_END_REASON: CallEndReason = 'admin-ended';

export const CALL_ALREADY_ENDED = 'This call has already ended.';
const CALL_NOT_FOUND = 'That call was not found.';

/** Administrators see every call with its charges and may end a live one (docs/product.md#calls). */
export function createAdminCallsService(deps: {
  repo: Pick<CallsRepository, 'adminList' | 'adminView'>;
  engine: Pick<CallEngine, 'hangUp'>;
  audit: Pick<AuditLog, 'record'>;
  now: () => Date;
}) {
  const { repo, engine, audit, now } = deps;

  async function list(query: { status?: AdminCallsFilter | undefined; q?: string | undefined; limit: number; skip: number }) {
    const { rows, count } = await repo.adminList(query);
    const instant = now();
    return { items: rows.map((row) => toAdminCallRow(row, instant)), count } satisfies List<AdminCallRow>;
  }

  /**
   * Ends a live call the way a hang-up does (docs/product.md#call-billing): a connected call is charged
   * what is due at this instant, then ends; a ringing one ends uncharged. Both parties hear
   * `call:ended`. The audit row commits with the end; a call already over answers 409 and leaves none.
   */
  async function end(actor: AdminActor, id: string): Promise<AdminCallRow> {
    const settled = await engine.hangUp(id, 'admin', ADMIN_END_REASON, (tx, before, after) =>
      audit.record(
        actor,
        {
          action: 'call.end',
          target: { type: 'call', id },
          before: { status: before.status },
          after: {
            status: after.status,
            endReason: after.endReason,
            minutesCharged: after.minutesCharged,
            tokensCharged: after.tokensCharged,
          },
        },
        tx,
      ),
    );
    if (!settled) throw notFound(CALL_NOT_FOUND);
    if (!settled.moved) throw conflict(CALL_ALREADY_ENDED);
    const view = await repo.adminView(id);
    return toAdminCallRow(view!, now());
  }

  return { list, end };
}
export type AdminCallsService = ReturnType<typeof createAdminCallsService>;

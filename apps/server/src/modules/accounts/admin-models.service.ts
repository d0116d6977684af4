import type { AdminModelRow, List } from '@cc/contracts';
import type { AdminActor, AuditLog } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { MailQueue } from '../../platform/mail/outbox';
import { modelApprovedMail, modelRefusedMail } from './accounts.mail';
import { toAdminModelRow } from './accounts.presenter';
import type { ModelsFilter, UserRow, UsersRepository } from './users.repository';
import { readDocument } from './verification-document';

/** Administrators review models' verification documents and approve or refuse them. */
export function createAdminModelsService({
  db,
  users,
  mail,
  events,
  audit,
}: {
  db: Db;
  users: UsersRepository;
  mail: MailQueue;
  events: EventBus;
  audit: AuditLog;
}) {
  async function rowOf(user: UserRow): Promise<AdminModelRow> {
    const document = readDocument(user.verificationDocument);
    const files = await users.filesByIds([user.avatarFileId, document?.fileId]);
    return toAdminModelRow(user, user.avatarFileId ? (files.get(user.avatarFileId) ?? null) : null, files);
  }

  async function list(query: { status: ModelsFilter; limit: number; skip: number }): Promise<List<AdminModelRow>> {
    const { rows, count } = await users.listModels(query);
    const files = await users.filesByIds(rows.map((r) => readDocument(r.user.verificationDocument)?.fileId));
    return { items: rows.map((r) => toAdminModelRow(r.user, r.avatar, files)), count };
  }

  /** Sets the review outcome on the model's document, mails the model and leaves the audit row, in one transaction. */
  async function review(actor: AdminActor, modelId: string, outcome: { approve: true } | { approve: false; reason: string }) {
    const user = await db.transaction(async (tx) => {
      const model = await users.lockById(modelId, tx);
      if (!model || model.type !== 'model' || model.role !== 'user') throw notFound('No model with that id.');
      const document = readDocument(model.verificationDocument);
      if (!document) throw conflict('This model has not submitted a verification document yet.');
      if (outcome.approve && model.modelStatus === 'approved') throw conflict('This model is already approved.');
      if (!outcome.approve && model.modelStatus === 'refused') throw conflict('This document is already refused.');

      const reviewedAt = new Date().toISOString();
      const updated = await users.update(
        modelId,
        {
          modelStatus: outcome.approve ? 'approved' : 'refused',
          verificationDocument: { ...document, reviewedAt, refusalReason: outcome.approve ? null : outcome.reason },
        },
        tx,
      );
      await mail.enqueue(
        outcome.approve ? modelApprovedMail(model.email, model.name) : modelRefusedMail(model.email, model.name, outcome.reason),
        tx,
      );
      await audit.record(
        actor,
        {
          action: outcome.approve ? 'model.approve' : 'model.refuse',
          target: { type: 'member', id: modelId },
          before: { modelStatus: model.modelStatus },
          after: { modelStatus: updated!.modelStatus, ...(outcome.approve ? {} : { reason: outcome.reason }) },
        },
        tx,
      );
      return updated!;
    });
    events.publish('user.updated', { userId: user.id });
    events.publish('model.reviewed', { userId: user.id, approved: outcome.approve, reason: outcome.approve ? null : outcome.reason });
    return rowOf(user);
  }

  return {
    list,
    approve: (actor: AdminActor, modelId: string) => review(actor, modelId, { approve: true }),
    refuse: (actor: AdminActor, modelId: string, reason: string) => review(actor, modelId, { approve: false, reason }),
  };
}
export type AdminModelsService = ReturnType<typeof createAdminModelsService>;

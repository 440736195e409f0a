/**
 * Blocking a user from a form: they can no longer submit or vote, their sockets leave the
 * form's rooms at once, and (the owner's choice) their entries stop counting for consensus
 * until they are unblocked. Images they entered are recomputed in a job either way.
 */

import { CREATOR_CANNOT_BE_BLOCKED } from '@formscribe/common/schemas/block';
import type { AppDeps } from '../../appTypes.ts';
import { badRequest } from '../../errors.ts';
import { type Form, FormSubmission, FormUserBlock, type User } from '../../models/index.ts';
import { auditBlock, auditUnblock } from '../audit/auditedChanges.ts';
import { enqueueFormRecompute } from '../consensus/formRecompute.ts';
import { inTransaction } from '../events/domainEventRecorder.ts';

export async function blockUser(
  deps: AppDeps,
  form: Form,
  target: User,
  by: User,
  options: { reason: string | null; dropEntries: boolean },
): Promise<FormUserBlock> {
  if (target.id === form.createdById) throw badRequest(CREATOR_CANNOT_BE_BLOCKED);
  return inTransaction(deps, async (events) => {
    const { trx } = events;
    const row = await FormUserBlock.query(trx)
      .insert({ formId: form.id, userId: target.id, blockedById: by.id, ...options })
      .onConflict(['formId', 'userId'])
      .merge(['reason', 'dropEntries', 'blockedById'])
      .returning('*');
    if (await hasEntries(form, target)) await enqueueFormRecompute(events, form.id);
    const dropped = row.dropEntries
      ? await FormSubmission.query(trx).where({ formId: form.id, submittedById: target.id }).resultSize()
      : 0;
    await auditBlock(events, by, row, dropped);
    // Their sockets leave the form's rooms once the block has committed.
    events.record({ type: 'user-left-form', userId: target.id, formId: form.id });
    return row;
  });
}

export async function unblockUser(deps: AppDeps, form: Form, target: User, by: User): Promise<void> {
  await inTransaction(deps, async (events) => {
    const { trx } = events;
    const removed = await FormUserBlock.query(trx)
      .where({ formId: form.id, userId: target.id })
      .delete()
      .returning('*');
    const dropped = (removed as unknown as FormUserBlock[]).some((b) => b.dropEntries);
    if (dropped) await enqueueFormRecompute(events, form.id);
    for (const block of removed as unknown as FormUserBlock[]) await auditUnblock(events, by, block);
  });
}

async function hasEntries(form: Form, user: User): Promise<boolean> {
  return Boolean(await FormSubmission.query().findOne({ formId: form.id, submittedById: user.id }));
}

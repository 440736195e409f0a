/**
 * Deleting an account (the super administrator's action). In this order, so nothing of theirs
 * outlives it and nobody else loses data:
 * 1. their sessions end and their sockets close at once: nothing more is done in their name;
 * 2. their own forms go through the owner's delete (every row, every file, contributors told);
 * 3. the account row goes. Their entries and votes on other owners' forms stay, without the
 *    person (the foreign keys set them NULL; their field values' copy of it and the e-mail copied
 *    onto each entry are cleared),
 *    so those owners keep their verified data and see 'Deleted user'. Entries an owner had
 *    chosen not to count (blocked with "don't count their entries") go with the account: once
 *    the block row is gone nothing would keep them out of a later recount.
 */
import type { AppDeps } from '../../appTypes.ts';
import { Form, FormImage, FormSubmission, FormUserBlock, User } from '../../models/index.ts';
import { deleteForm } from '../forms/formWriter.ts';
import { endAllSessions } from '../sessions.ts';
import { removeFormFiles } from '../storage/formFiles.ts';

export async function deleteUserAccount(deps: AppDeps, user: User): Promise<void> {
  await endAllSessions(user.id);
  await deps.events.dispatch([{ type: 'all-sessions-ended', userId: user.id }]);

  for (const form of await Form.query().where({ createdById: user.id })) await deleteForm(deps, form);

  const lateForms = await deps.knex.transaction(async (trx) => {
    // Creating a form locks its owner's row: with it locked here, no form can appear after this read.
    await User.query(trx).findById(user.id).forUpdate();
    const forms = await Form.query(trx).where({ createdById: user.id });
    const images = forms.length
      ? await FormImage.query(trx)
          .whereIn(
            'formId',
            forms.map((form) => form.id),
          )
          .select('formId', 'filename', 'thumbnailFilename')
      : [];
    await FormSubmission.query(trx)
      .where('submittedById', user.id)
      .whereExists(
        FormUserBlock.query(trx)
          .whereColumn('form_user_blocks.form_id', 'form_submissions.form_id')
          .where({ userId: user.id, dropEntries: true }),
      )
      .delete();
    // Their values' copy of who entered them has no foreign key (one fewer lookup per value on
    // every entry): it is cleared here, by way of their entries, before those lose the person.
    await trx.raw(
      `UPDATE field_values v SET submitted_by_id = NULL
       FROM form_submissions s WHERE s.submitted_by_id = ? AND v.submission_id = s.id`,
      [user.id],
    );
    await FormSubmission.query(trx).where('submittedById', user.id).patch({ submittedByEmail: null });
    await User.query(trx).deleteById(user.id);
    return forms.map((form) => ({ form, images: images.filter((image) => image.formId === form.id) }));
  });

  // Forms created while the first ones were being deleted went with the account row (cascade).
  for (const { form, images } of lateForms) {
    await deps.events.dispatch([{ type: 'form-removed', formId: form.id }]);
    await removeFormFiles(deps.config, form, images).catch((error) =>
      deps.logger.warn({ err: error, formId: form.id }, 'form files could not all be removed'),
    );
  }
}

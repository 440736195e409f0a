/**
 * Who a campaign reaches. The form's people are everyone with access (joined by an invite link)
 * and everyone who entered data, never its creator (who sends it), nor anyone blocked from the
 * form or unsubscribed from its e-mails. The audiences narrow that: invited (access, no entry
 * yet), contributors (at least one entry), custom (the owner's selection among the people).
 * One query, used alike by the preview's count and by the send's recipient rows.
 */

import { MESSAGES } from '@formscribe/common/messages';
import type { CampaignAudience } from '@formscribe/common/schemas/campaigns';
import type { Knex } from 'knex';
import { badRequest } from '../../errors.ts';
import type { Form } from '../../models/index.ts';

export interface AudienceChoice {
  targetUserTypes: CampaignAudience;
  selectedUserIds: number[] | null;
}

/** The form's people (see above) as a query of `users as u`; callers choose the columns. */
function formPeople(knex: Knex, form: Form) {
  const withAccess = knex('form_access').select('user_id').where('form_id', form.id);
  const withEntries = knex('form_submissions')
    .select('submitted_by_id')
    .where('form_id', form.id)
    .whereNotNull('submitted_by_id');
  return knex('users as u')
    .whereIn('u.id', withAccess.union(withEntries))
    .whereNot('u.id', form.createdById)
    .whereNotExists(
      knex('form_user_blocks as b').select(knex.raw('1')).where('b.form_id', form.id).whereRaw('b.user_id = u.id'),
    )
    .whereNotExists(
      knex('form_email_unsubscribes as x')
        .select(knex.raw('1'))
        .where('x.form_id', form.id)
        .whereRaw('x.user_id = u.id'),
    );
}

/** The people an audience reaches, as a query of `users as u` with no columns chosen yet. */
export function audienceQuery(knex: Knex, form: Form, choice: AudienceChoice) {
  const people = formPeople(knex, form);
  const entryByPerson = () =>
    knex('form_submissions as s')
      .select(knex.raw('1'))
      .where('s.form_id', form.id)
      .whereRaw('s.submitted_by_id = u.id');
  switch (choice.targetUserTypes) {
    case 'all':
      return people;
    case 'invited':
      return people
        .whereExists(
          knex('form_access as a').select(knex.raw('1')).where('a.form_id', form.id).whereRaw('a.user_id = u.id'),
        )
        .whereNotExists(entryByPerson());
    case 'contributors':
      return people.whereExists(entryByPerson());
    case 'custom':
      return people.whereIn('u.id', choice.selectedUserIds ?? []);
  }
}

/**
 * A custom selection may name only the form's people. Someone blocked or unsubscribed since the
 * dialog opened is not an error: they are simply not sent to (a refusal would tell the owner who
 * unsubscribed, and leave them no way to send).
 */
export async function assertSelectionInForm(knex: Knex, form: Form, choice: AudienceChoice): Promise<void> {
  if (choice.targetUserTypes !== 'custom') return;
  const ids = choice.selectedUserIds ?? [];
  const withAccess = knex('form_access').select('user_id').where('form_id', form.id).whereIn('user_id', ids);
  const withEntries = knex('form_submissions')
    .select('submitted_by_id')
    .where('form_id', form.id)
    .whereIn('submitted_by_id', ids);
  const found = await knex
    .from(withAccess.union(withEntries).as('people'))
    .whereNot('user_id', form.createdById)
    .count<{ n: number }[]>('* as n');
  if ((found[0]?.n ?? 0) !== ids.length) throw badRequest(MESSAGES.campaignRecipientsNotInForm);
}

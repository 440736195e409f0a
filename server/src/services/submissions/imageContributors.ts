/**
 * Who entered an image, oldest first, with the name and e-mail of each submitter (none when their
 * account is gone): one statement, for the contributors list and its live event.
 */
import type { NamedPerson } from '@formscribe/common/displayName';
import { FormSubmission } from '../../models/index.ts';

export interface ImageContributor {
  id: number;
  submittedAt: Date;
  /** Undefined when the account has been deleted (its entries stay). */
  submitter: NamedPerson | undefined;
}

export async function readImageContributors(imageId: number): Promise<ImageContributor[]> {
  const rows = (await FormSubmission.query()
    .where('form_submissions.image_id', imageId)
    .leftJoin('users', 'users.id', 'form_submissions.submitted_by_id')
    .orderBy('form_submissions.submitted_at')
    .orderBy('form_submissions.id')
    .select(
      'form_submissions.id',
      'form_submissions.submitted_at',
      'users.name as submitter_name',
      'users.username as submitter_username',
    )) as unknown as {
    id: number;
    submittedAt: Date;
    submitterName: string | null;
    submitterUsername: string | null;
  }[];
  return rows.map((row) => ({
    id: row.id,
    submittedAt: row.submittedAt,
    submitter:
      row.submitterUsername === null ? undefined : { name: row.submitterName, username: row.submitterUsername },
  }));
}

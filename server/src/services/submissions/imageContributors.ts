/**
 * Who entered an image, oldest first, with the name and e-mail of each submitter (none when their
 * account is gone): one statement for the contributors list, and a subquery the image state writer
 * adds to its consensus read, so an entry's live event needs no read after the commit.
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

/**
 * The image's contributors as one JSON value, for a statement that binds :imageId; read the
 * column with `contributorsFromJson`. `submissions` is where its entries are read from (the table,
 * or the table with an entry its statement is inserting).
 */
export const contributorsJsonSql = (submissions = 'form_submissions') => `(SELECT coalesce(json_agg(json_build_object(
       'id', s.id, 'submittedAt', s.submitted_at, 'name', u.name, 'username', u.username)
       ORDER BY s.submitted_at, s.id), '[]'::json)
     FROM ${submissions} s LEFT JOIN users u ON u.id = s.submitted_by_id WHERE s.image_id = :imageId)`;

interface ContributorJson {
  id: number;
  submittedAt: string;
  name: string | null;
  username: string | null;
}

export function contributorsFromJson(rows: ContributorJson[]): ImageContributor[] {
  return rows.map((row) => ({
    id: row.id,
    submittedAt: new Date(row.submittedAt),
    submitter: row.username === null ? undefined : { name: row.name, username: row.username },
  }));
}
